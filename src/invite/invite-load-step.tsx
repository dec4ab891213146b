import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/spinner.tsx';
import { DeadInviteRedirect } from './dead-invite-redirect.tsx';
import type { InviteStep } from './invite-step.ts';
import { ServiceUnreachable } from './service-unreachable.tsx';

/** The steps of a page about an invite before it has a usable invite to show (inviteStep). */
export type InviteLoadStep = Extract<
  InviteStep,
  { step: 'loading' | 'load-unreachable' | 'go-invalid' | 'go-previously-accepted' }
>;

export function isLoadStep(step: InviteStep): step is InviteLoadStep {
  return (
    step.step === 'loading' ||
    step.step === 'load-unreachable' ||
    step.step === 'go-invalid' ||
    step.step === 'go-previously-accepted'
  );
}

/**
 * What the invite and decline pages show for these steps: a spinner while the invite loads, "could
 * not reach the service" with a retry, or the page a dead invite goes to.
 */
export function InviteLoadView({ code, step, onRetry }: { code: string; step: InviteLoadStep; onRetry: () => void }) {
  const { t } = useTranslation();
  switch (step.step) {
    case 'loading':
      return <Spinner label={t('common.loading')} />;
    case 'load-unreachable':
      return <ServiceUnreachable onRetry={onRetry} />;
    case 'go-invalid':
    case 'go-previously-accepted':
      return <DeadInviteRedirect code={code} step={step} />;
  }
}
