import { parseInviteCode, type InviteCode } from '../contract/invite-code.ts';
import { isAcceptedHere } from '../contract/stored-invite.ts';
import { readStored, removeStored, writeStored } from '../storage/web-storage.ts';

/** Entering an invite stores its code; the accepted flag belongs to that code, so another invite starts afresh. */
export function rememberInvite(code: InviteCode): void {
  if (readStored('invite_code') !== code) removeStored('is_accepted');
  writeStored('invite_code', code);
}

export function isAcceptedFor(code: InviteCode): boolean {
  return isAcceptedHere(code, readStored);
}

export function markAccepted(code: InviteCode): void {
  writeStored('invite_code', code);
  writeStored('is_accepted', true);
}

/** After a redeem has an outcome, nothing is left to replay. */
export function forgetInvite(): void {
  removeStored('is_accepted');
  removeStored('invite_code');
}

/** Forgets a code the service refused, when it is the stored one, so signing in does not redeem it. */
export function forgetDeadInvite(code: InviteCode): void {
  if (readStored('invite_code') === code) forgetInvite();
}

export function storedInviteCode(): InviteCode | undefined {
  return parseInviteCode(readStored('invite_code'));
}
