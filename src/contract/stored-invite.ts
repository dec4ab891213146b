import type { StoredName } from './stored-session.ts';

// The invite in progress in web storage, read by the page script before the app runs and kept by the app.

/** Whether the invite of `code` was accepted on this device: the accepted flag belongs to the stored code. */
export function isAcceptedHere(code: string, read: (name: StoredName) => unknown): boolean {
  return read('invite_code') === code && read('is_accepted') === true;
}
