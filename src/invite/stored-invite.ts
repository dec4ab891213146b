import { isInviteCode } from '../contract/invite-code.ts';
import { isAcceptedHere } from '../contract/stored-invite.ts';
import { readStored, removeStored, writeStored } from '../storage/web-storage.ts';

/** Entering an invite stores its code; the accepted flag belongs to that code, so another invite starts afresh. */
export function rememberInvite(code: string): void {
  if (readStored('invite_code') !== code) removeStored('is_accepted');
  writeStored('invite_code', code);
}

export function isAcceptedFor(code: string): boolean {
  return isAcceptedHere(code, readStored);
}

export function markAccepted(code: string): void {
  writeStored('invite_code', code);
  writeStored('is_accepted', true);
}

/** After a redeem has an outcome, nothing is left to replay. */
export function forgetInvite(): void {
  removeStored('is_accepted');
  removeStored('invite_code');
}

/** Forgets a code the service refused, when it is the stored one, so signing in does not redeem it. */
export function forgetDeadInvite(code: string): void {
  if (readStored('invite_code') === code) forgetInvite();
}

export function storedInviteCode(): string | undefined {
  const code = readStored('invite_code');
  return typeof code === 'string' && isInviteCode(code) ? code : undefined;
}
