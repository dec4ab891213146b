import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BrandHeader } from '../brand/brand-header.tsx';
import { useConfig } from '../config/config-context.tsx';
import { useDevice } from '../device/device-query.ts';
import { storePlatform } from '../hand-off/download-target.ts';
import { QrHandOff } from '../hand-off/qr-hand-off.tsx';
import { InviteLoadView, isLoadStep } from '../invite/invite-load-step.tsx';
import { outcomePath } from '../invite/invite-outcome.ts';
import { Redirect } from '../ui/redirect.tsx';
import { useInvite } from '../invite/invite-query.ts';
import { inviteStep } from '../invite/invite-step.ts';
import { BikeCard, OwnerCard } from '../invite/owner-and-bike-cards.tsx';
import { paths } from '../contract/paths.ts';
import { parseInviteCode, type InviteCode } from '../contract/invite-code.ts';
import { Card } from '../ui/card.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';

export function DeclinePage() {
  const params = useParams();
  const code = parseInviteCode(params.code);
  const { t } = useTranslation();
  return (
    <>
      <BrandHeader title={t('invite-decline-page.title')} />
      <main className="page">
        {code ? <DeclineBody code={code} /> : <Redirect to={outcomePath(params.code ?? '', 'unknown')} />}
      </main>
    </>
  );
}

function DeclineBody({ code }: { code: InviteCode }) {
  const { t } = useTranslation();
  const { load, reload } = useInvite();
  const hydrated = useHydrated();
  // The invite page's steps for an invite not accepted: loading, failed (with its outcome), or pending.
  const step = inviteStep({ load, auth: 'anonymous', isAccepted: false, redeem: 'idle' });

  let body;
  if (isLoadStep(step)) body = <InviteLoadView code={code} step={step} onRetry={reload} />;
  else if ('invite' in step)
    body = (
      <>
        <OwnerCard invite={step.invite} dimmed namedBelow />
        <BikeCard invite={step.invite} dimmed />
        <Card>
          <p className="card__text">
            {t('invite-decline-page.content.text', { owner: step.invite.owner_display_name })}
          </p>
          <div className="card__actions">
            <Link className="button" to={paths.invite(code)}>
              {t('invite-decline-page.btn.back')}
            </Link>
          </div>
          {/* Which store, or a QR code, depends on the device: the browser's to know, not the server's. */}
          {hydrated ? (
            <Suspense fallback={null}>
              <AppLink />
              <QrHandOff />
            </Suspense>
          ) : null}
        </Card>
      </>
    );

  return body;
}

/** On a phone, a link to the app in that platform's store (on a computer, QrHandOff shows a code to scan). */
function AppLink() {
  const { t } = useTranslation();
  const { appLink } = useConfig();
  const platform = storePlatform(useDevice().os);
  if (!platform || !appLink[platform]) return null;
  return (
    <p className="card__text decline-app-link">
      <a href={appLink[platform]}>{t('invite-decline-page.app-link')}</a>
    </p>
  );
}
