import { OutcomeView } from '../hand-off/outcome-view.tsx';

export function AcceptedPage() {
  return <OutcomeView keys="invite-accepted-page" />;
}
