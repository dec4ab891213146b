import type { AuthStatus } from '../auth/session-store.ts';
import type { BikeInvite } from './invite-api.ts';
import { outcomeOfInvite, type InviteOutcome } from './invite-outcome.ts';

export type InviteLoad =
  | { state: 'loading' }
  | { state: 'loaded'; invite: BikeInvite }
  | { state: 'failed'; outcome: InviteOutcome; answered?: boolean };

export type RedeemState = 'idle' | 'redeeming' | 'unreachable' | 'redeemed';

export type StepInput = {
  load: InviteLoad;
  auth: AuthStatus;
  isAccepted: boolean;
  redeem: RedeemState;
};

/** What the invite page shows; every case of the page flow (docs/behaviour/invite-journey.md#the-steps). */
export type InviteStep =
  | { step: 'loading' }
  /** The invite cannot be used (or could not be loaded): its outcome says why, and where it leads. */
  | { step: 'failed'; outcome: InviteOutcome; answered?: boolean }
  | { step: 'pending'; invite: BikeInvite }
  | { step: 'checking-session'; invite: BikeInvite }
  | { step: 'login'; invite: BikeInvite }
  | { step: 'confirm'; invite: BikeInvite }
  | { step: 'redeeming'; invite: BikeInvite }
  | { step: 'resume'; invite: BikeInvite }
  | { step: 'redeemed' }
  | { step: 'redeem-unreachable'; invite: BikeInvite };

/** The invite page's step as one pure function of invite state, session and stored flags. */
export function inviteStep({ load, auth, isAccepted, redeem }: StepInput): InviteStep {
  // Redeemed: on its way to the accepted page, whatever the invite now says about itself.
  if (redeem === 'redeemed') return { step: 'redeemed' };
  if (load.state === 'loading') return { step: 'loading' };
  // A load without a definite answer, after its retries, asks the invitee; any other goes to the invalid page.
  if (load.state === 'failed') return { step: 'failed', outcome: load.outcome, answered: load.answered };
  const { invite } = load;
  if (redeem === 'redeeming') return { step: 'redeeming', invite };
  if (redeem === 'unreachable') return { step: 'redeem-unreachable', invite };
  // An invite that cannot be used any more goes to its page, whatever else is stored.
  const outcome = outcomeOfInvite(invite);
  // Accepted here and signed in: a redeem a reload cut off is sent again; it answers its own account as the first time did.
  if (outcome === 'previously-accepted' && isAccepted && auth !== 'anonymous') {
    return auth === 'checking' ? { step: 'checking-session', invite } : { step: 'resume', invite };
  }
  if (outcome) return { step: 'failed', outcome };
  if (!isAccepted) return { step: 'pending', invite };
  if (auth === 'checking') return { step: 'checking-session', invite };
  return auth === 'authenticated' ? { step: 'confirm', invite } : { step: 'login', invite };
}
