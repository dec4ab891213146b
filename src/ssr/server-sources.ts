import type { DataSources } from '../app/data-sources.ts';
import { createSessionStore } from '../auth/session-store.ts';
import type { Session } from '../auth/session.ts';
import { detectDevice } from '../device/detect-device.ts';
import { outcomeOfInvite } from '../invite/invite-outcome.ts';
import type { InviteAnswer } from './renderer-contract.ts';
import type { InviteCode } from '../contract/invite-code.ts';

// Where a page the server renders gets its data: the app server's own anonymous read of the invite,
// once, and a guess at the device from the User-Agent header (the browser detects it again).

/** Reads once, and only a pending invite counts: anything else is the browser's to show. */
export function serverSources(read: (code: InviteCode) => Promise<InviteAnswer>, userAgent: string): DataSources {
  return {
    async readInvite(code) {
      const answer = await read(code);
      const invite = answer.ok && !outcomeOfInvite(answer.body) ? answer.body : undefined;
      if (!invite) throw new Error(answer.ok ? 'not a pending invite' : answer.reason);
      return invite;
    },
    retries: false,
    detectDevice: async () => detectDevice(userAgent, 0),
    detects: false,
  };
}

const refuse = () => Promise.reject(new Error('not on the server'));

/** A server renders an anonymous visit: it reads the session, it never uses it. */
export const renderOnlySession: Session = {
  http: { request: refuse, open: refuse, get: refuse, post: refuse },
  store: createSessionStore(),
  start: () => undefined,
  tokensHeld: () => new Promise(() => undefined),
  login: refuse,
  logout: refuse,
};
