import { useEffect } from 'react';
import { paths } from '../contract/paths.ts';
import { Redirect } from '../ui/redirect.tsx';
import { invalidPath } from './failure-pages.ts';
import type { InviteStep } from './invite-step.ts';
import { forgetDeadInvite } from './stored-invite.ts';

export const DEAD_INVITE_STEPS = ['go-invalid', 'go-previously-accepted'] as const;
export type DeadInviteStep = Extract<InviteStep, { step: (typeof DEAD_INVITE_STEPS)[number] }>;

export function isDeadStep(step: InviteStep): step is DeadInviteStep {
  return (DEAD_INVITE_STEPS as readonly string[]).includes(step.step);
}

/**
 * Where an invite that cannot be used goes: the invalid page, saying why, or the previously-accepted
 * page. A code the service no longer accepts is not kept for after sign-in (when it is the stored one).
 */
export function DeadInviteRedirect({ code, step }: { code: string; step: DeadInviteStep }) {
  useEffect(() => forgetDeadInvite(code), [code]);
  return <Redirect to={step.step === 'go-invalid' ? invalidPath(code, step.reason) : paths.previouslyAccepted(code)} />;
}
