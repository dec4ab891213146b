import { describe, expect, it } from 'vitest';
import type { AuthStatus } from '../auth/session-store.ts';
import type { BikeInvite, InviteStatus } from './invite-api.ts';
import { inviteStep, type InviteLoad, type InviteStep, type RedeemState, type StepInput } from './invite-step.ts';

const invite = (status?: InviteStatus): BikeInvite => ({
  owner_display_name: 'Sofie',
  bike_name: 'Stadsfiets',
  bike_image_url: '/media/bikes/city-bike.jpg',
  status,
});

const LOADS: InviteLoad[] = [
  { state: 'loading' },
  ...(['unknown', 'expired', 'revoked', 'unusable', 'unreachable'] as const).map((outcome) => ({
    state: 'failed' as const,
    outcome,
  })),
  ...([undefined, 'pending', 'accepted', 'expired', 'revoked'] as const).map((status) => ({
    state: 'loaded' as const,
    invite: invite(status),
  })),
];
const AUTHS: AuthStatus[] = ['anonymous', 'checking', 'authenticated'];
const REDEEMS: RedeemState[] = ['idle', 'redeeming', 'unreachable', 'redeemed'];

const ALL: StepInput[] = LOADS.flatMap((load) =>
  AUTHS.flatMap((auth) =>
    [false, true].flatMap((isAccepted) => REDEEMS.map((redeem) => ({ load, auth, isAccepted, redeem }))),
  ),
);

// The page flow and the invite load state (docs/behaviour/invite-journey.md), written as rules, one per case.
function expected({ load, auth, isAccepted, redeem }: StepInput): string {
  if (redeem === 'redeemed') return 'redeemed';
  if (load.state === 'loading') return 'loading';
  if (load.state === 'failed') return `failed: ${load.outcome}`;
  if (redeem !== 'idle') return redeem === 'redeeming' ? 'redeeming' : 'redeem-unreachable';
  if (load.invite.status === 'accepted') {
    // Accepted here and signed in: the redeem is sent again, as its answer may have been cut off.
    if (isAccepted && auth !== 'anonymous') return auth === 'checking' ? 'checking-session' : 'resume';
    return 'failed: previously-accepted';
  }
  if (load.invite.status === 'expired' || load.invite.status === 'revoked') return `failed: ${load.invite.status}`;
  if (!isAccepted) return 'pending';
  return { anonymous: 'login', checking: 'checking-session', authenticated: 'confirm' }[auth];
}

const stepName = (step: InviteStep) => (step.step === 'failed' ? `failed: ${step.outcome}` : step.step);

const anonymousStep = (load: InviteLoad) => inviteStep({ load, auth: 'anonymous', isAccepted: false, redeem: 'idle' });

describe('inviteStep', () => {
  it('sends a failed load, or an expired or withdrawn invite, to the invalid page with its reason', () => {
    for (const outcome of ['unknown', 'expired', 'revoked', 'unusable', 'unreachable'] as const) {
      expect(anonymousStep({ state: 'failed', outcome })).toEqual({ step: 'failed', outcome });
    }
    for (const status of ['expired', 'revoked', 'accepted'] as const) {
      expect(anonymousStep({ state: 'loaded', invite: invite(status) })).toEqual({
        step: 'failed',
        outcome: status === 'accepted' ? 'previously-accepted' : status,
      });
    }
  });

  it(`covers every combination (${ALL.length})`, () => {
    expect(ALL).toHaveLength(LOADS.length * AUTHS.length * 2 * REDEEMS.length);
    for (const input of ALL) expect(stepName(inviteStep(input)), JSON.stringify(input)).toBe(expected(input));
  });

  it('walks the page flow: pending, accepted, login or confirm, redeeming', () => {
    const load: InviteLoad = { state: 'loaded', invite: invite('pending') };
    expect(inviteStep({ load, auth: 'anonymous', isAccepted: false, redeem: 'idle' }).step).toBe('pending');
    expect(inviteStep({ load, auth: 'anonymous', isAccepted: true, redeem: 'idle' }).step).toBe('login');
    expect(inviteStep({ load, auth: 'authenticated', isAccepted: true, redeem: 'idle' }).step).toBe('confirm');
    expect(inviteStep({ load, auth: 'authenticated', isAccepted: true, redeem: 'redeeming' }).step).toBe('redeeming');
  });

  it('keeps the invite on the steps that show it', () => {
    const loaded = invite('pending');
    const step = inviteStep({
      load: { state: 'loaded', invite: loaded },
      auth: 'authenticated',
      isAccepted: true,
      redeem: 'idle',
    });
    expect(step).toEqual({ step: 'confirm', invite: loaded });
  });

  it('a signed-in invitee who has not accepted still sees the invite first', () => {
    const step = inviteStep({
      load: { state: 'loaded', invite: invite() },
      auth: 'authenticated',
      isAccepted: false,
      redeem: 'idle',
    });
    expect(step.step).toBe('pending');
  });
});
