import { randomInt } from 'node:crypto';

// New codes (a valid one: src/contract/invite-code.ts), without 0/O or 1/I/L, as codes are read aloud.
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 12 random characters (about 59 bits) in three groups, e.g. `K7MQ-9XPA-R2TD`. */
export function newInviteCode(): string {
  const chars = Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((group) => group.join('')).join('-');
}
