import { createContext, useContext } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import type { InviteCode } from '../contract/invite-code.ts';
import type { BikeInvite } from './invite-api.ts';
import { answered, RETRY_POLICIES, withRetries } from '../http/bike-service.ts';
import { outcomeOfLoad } from './invite-outcome.ts';
import type { InviteLoad } from './invite-step.ts';

/** How long an invite read or redeemed is used again without reading it anew (the invite page → decline page). */
const FRESH_MS = 30_000;

export type InviteReader = (code: InviteCode, signal: AbortSignal) => Promise<BikeInvite>;

/** What a route's loader gives a page about its invite: the load, and the invite the app last knew, unread. */
export type InviteData = { code?: InviteCode; invite?: InviteLoad; known?: BikeInvite };

export type Invites = {
  /** The invite's load, for a route's loader: a fresh one known, else read; never throws. */
  load(code: InviteCode, signal: AbortSignal): Promise<InviteLoad>;
  known(code: InviteCode): BikeInvite | undefined;
  keep(code: InviteCode, invite: BikeInvite): void;
};

/** The invites of one app, read with `read`: with `retries` (the browser) transient failures are tried again. */
export function createInvites(read: InviteReader, retries: boolean): Invites {
  const kept = new Map<InviteCode, { invite: BikeInvite; at: number }>();
  const invites: Invites = {
    async load(code, signal) {
      const fresh = kept.get(code);
      if (fresh && Date.now() - fresh.at < FRESH_MS) return { state: 'loaded', invite: fresh.invite };
      try {
        const invite = retries
          ? await withRetries(RETRY_POLICIES.invite, () => read(code, signal), signal)
          : await read(code, signal);
        invites.keep(code, invite);
        return { state: 'loaded', invite };
      } catch (error) {
        return { state: 'failed', outcome: outcomeOfLoad(error), answered: answered(error) };
      }
    },
    known: (code) => kept.get(code)?.invite,
    keep: (code, invite) => void kept.set(code, { invite, at: Date.now() }),
  };
  return invites;
}

const InvitesContext = createContext<Invites | null>(null);
export const InvitesProvider = InvitesContext;

export function useInvites(): Invites {
  const invites = useContext(InvitesContext);
  if (!invites) throw new Error('useInvites outside InvitesProvider');
  return invites;
}

/** The page's invite, as its route's loader gave it; while Retry reads it again, loading. */
export function useInvite(): { load: InviteLoad; reload: () => void } {
  const { invite } = useLoaderData() as InviteData;
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  if (revalidator.state === 'loading' || !invite) return { load: { state: 'loading' }, reload };
  return { load: invite, reload };
}

/** The invite as last read or redeemed here (the redeem's answer on the accepted page). */
export const useKnownInvite = (): BikeInvite | undefined => (useLoaderData() as InviteData).known;
