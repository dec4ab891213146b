import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect } from '../ui/redirect.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { outcomePath, type PageOutcome } from './invite-outcome.ts';
import type { InviteStep } from './invite-step.ts';
import type { InviteCode } from '../contract/invite-code.ts';
import { ServiceUnreachable } from './service-unreachable.tsx';
import { forgetDeadInvite } from './stored-invite.ts';

/** The steps of a page about an invite before it has a usable invite to show (inviteStep). */
export type InviteLoadStep = Extract<InviteStep, { step: 'loading' | 'failed' }>;

export function isLoadStep(step: InviteStep): step is InviteLoadStep {
  return step.step === 'loading' || step.step === 'failed';
}

/** Whether the step leads to an outcome's own page (the invalid or previously-accepted page). */
export const leadsToOutcomePage = (step: InviteStep) => step.step === 'failed' && step.outcome !== 'unreachable';

/** The invite and decline pages' loading steps: a spinner, "could not reach the service" with a retry, or the outcome's page. */
export function InviteLoadView({
  code,
  step,
  onRetry,
}: {
  code: InviteCode;
  step: InviteLoadStep;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (step.step === 'loading') return <Spinner label={t('common.loading')} />;
  if (step.outcome === 'unreachable') return <ServiceUnreachable onRetry={onRetry} answered={step.answered} />;
  return <OutcomeRedirect code={code} outcome={step.outcome} />;
}

/** Goes to the outcome's page. A code the service refused is not kept for after sign-in (when it is the stored one). */
function OutcomeRedirect({ code, outcome }: { code: InviteCode; outcome: PageOutcome }) {
  useEffect(() => forgetDeadInvite(code), [code]);
  return <Redirect to={outcomePath(code, outcome)} />;
}
