// What an invite code looks like: 1 to 64 letters, digits, `-` or `_`. The app and the boot script
// check an address's code before any request; the bike service refuses anything else with a 400.

/** The pattern's characters, to put inside a larger pattern (the boot script's invite address). */
export const INVITE_CODE_CHARS = '[A-Za-z0-9_-]{1,64}';
let inviteCode: RegExp | undefined; // made on first use, so the boot script, which never calls this, carries none of it

export function isInviteCode(value: string): boolean {
  inviteCode ??= new RegExp(`^${INVITE_CODE_CHARS}$`);
  return inviteCode.test(value);
}
