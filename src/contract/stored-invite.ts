import type { StoredName } from './stored-session.ts';

// The invite in progress as web storage keeps it: the code entered last, and whether it was
// accepted. The page script reads it before the app runs (src/early/page-script.ts); the app keeps
// it (src/invite/stored-invite.ts).

/** Whether the invite of `code` was accepted on this device: the accepted flag belongs to the stored code. */
export function isAcceptedHere(code: string, read: (name: StoredName) => unknown): boolean {
  return read('invite_code') === code && read('is_accepted') === true;
}
