import { useTranslation } from 'react-i18next';
import { OutcomeView } from '../hand-off/outcome-view.tsx';
import { useKnownInvite } from '../invite/invite-query.ts';

/** After a confirm: what was shared and by whom, from the redeem's answer (not known after a reload). */
export function AcceptedPage() {
  const { t } = useTranslation();
  const invite = useKnownInvite();
  const lead = invite
    ? t('invite-accepted-page.content.shared', { owner: invite.owner_display_name, bike: invite.bike_name })
    : undefined;
  return <OutcomeView keys="invite-accepted-page" lead={lead} vehicle={invite?.type} />;
}
