import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OutcomeView } from '../hand-off/outcome-view.tsx';
import type { BikeInvite } from '../invite/invite-api.ts';
import { inviteKey } from '../invite/invite-query.ts';
import { parseInviteCode } from '../contract/invite-code.ts';

/** After a confirm: what was shared and by whom, from the redeem's answer (not known after a reload). */
export function AcceptedPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const code = parseInviteCode(useParams().code);
  const invite = code ? queryClient.getQueryData<BikeInvite>(inviteKey(code)) : undefined;
  const lead = invite
    ? t('invite-accepted-page.content.shared', { owner: invite.owner_display_name, bike: invite.bike_name })
    : undefined;
  return <OutcomeView keys="invite-accepted-page" lead={lead} />;
}
