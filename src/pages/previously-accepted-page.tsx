import { OutcomeView } from '../hand-off/outcome-view.tsx';

export function PreviouslyAcceptedPage() {
  return <OutcomeView keys="invite-prev-accepted-page" />;
}
