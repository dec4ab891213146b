import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { BrandHeader } from '../brand/brand-header.tsx';
import { useConfig } from '../config/config-context.tsx';
import { useDevice } from '../device/use-device.ts';
import { storePlatform } from '../hand-off/download-target.ts';
import { QrHandOff } from '../hand-off/qr-hand-off.tsx';
import { BikeCard, OwnerCard } from '../invite/owner-and-bike-cards.tsx';
import { ServiceUnreachable } from '../invite/service-unreachable.tsx';
import { invalidPath } from '../invite/failure-pages.ts';
import { deadInvite } from '../invite/invite-failure.ts';
import { forgetDeadInvite } from '../invite/stored-invite.ts';
import { useInvite } from '../invite/use-invite.ts';
import { paths } from '../routing/paths.ts';
import { Card } from '../ui/card.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';

export function DeclinePage() {
  const code = useParams().code ?? '';
  const { t } = useTranslation();
  const { load, reload } = useInvite(code);
  const hydrated = useHydrated();
  // As on the invite page: an invite that cannot be used any more goes to its page, and a code the
  // service no longer accepts is not kept for after sign-in.
  const usedUp = load.state === 'loaded' ? deadInvite(load.invite) : undefined;
  const dead = (load.state === 'failed' && load.failure !== 'unreachable') || usedUp !== undefined;

  useEffect(() => {
    if (dead) forgetDeadInvite(code);
  }, [dead, code]);

  let body;
  if (load.state === 'loading') body = <Spinner label={t('common.loading')} />;
  else if (load.state === 'failed')
    body =
      load.failure === 'unreachable' ? (
        <ServiceUnreachable onRetry={reload} />
      ) : (
        <Navigate to={invalidPath(code, load.failure)} replace />
      );
  else if (usedUp)
    body = (
      <Navigate
        to={usedUp.to === 'invalid' ? invalidPath(code, usedUp.reason) : paths.previouslyAccepted(code)}
        replace
      />
    );
  else
    body = (
      <>
        <OwnerCard invite={load.invite} dimmed namedBelow />
        <BikeCard invite={load.invite} dimmed />
        <Card>
          <p className="card__text">
            {t('invite-decline-page.content.text', { owner: load.invite.owner_display_name })}
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

  return (
    <>
      <BrandHeader title={t('invite-decline-page.title')} />
      <main className="page">{body}</main>
    </>
  );
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
