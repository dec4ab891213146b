import type { TFunction } from 'i18next';
import { cleanName } from '../contract/clean-name.ts';
import type { BikeInvite } from './invite-api.ts';

/** The invite page's document title, naming the owner and the bike; also the link preview's `og:title`. */
export function inviteTitle(t: TFunction, invite: BikeInvite): string {
  return t('meta.invite.title', { owner: cleanName(invite.owner_display_name), bike: cleanName(invite.bike_name) });
}
