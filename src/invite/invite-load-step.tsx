import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/spinner.tsx';
import { DEAD_INVITE_STEPS, DeadInviteRedirect } from './dead-invite-redirect.tsx';
import type { InviteStep } from './invite-step.ts';
import { ServiceUnreachable } from './service-unreachable.tsx';

/** The steps of a page about an invite before it has a usable invite to show (inviteStep). */
const LOAD_STEPS = ['loading', 'load-unreachable', ...DEAD_INVITE_STEPS] as const;
export type InviteLoadStep = Extract<InviteStep, { step: (typeof LOAD_STEPS)[number] }>;

export function isLoadStep(step: InviteStep): step is InviteLoadStep {
  return (LOAD_STEPS as readonly string[]).includes(step.step);
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
