import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandHeader } from '../brand/brand-header.tsx';
import { useConfig } from '../config/config-context.tsx';
import { useDeviceDetected } from '../device/device-query.ts';
import { downloadTarget } from '../hand-off/download-target.ts';
import { Card } from '../ui/card.tsx';
import { leaveFor } from '../ui/leave-for.ts';
import { Spinner } from '../ui/spinner.tsx';

export function AppDownloadPage() {
  const { t } = useTranslation();
  return (
    <>
      <BrandHeader title={t('app-download-page.title')} />
      <main className="page">
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <Redirect />
        </Suspense>
      </main>
    </>
  );
}

function Redirect() {
  const { t } = useTranslation();
  const { appLink } = useConfig();
  const { device, detected } = useDeviceDetected();
  const target = downloadTarget(device.os, appLink);

  // The server's guess names the link; the browser's own detection redirects (an iPad says it is a Mac).
  useEffect(() => {
    if (detected && target) leaveFor(target);
  }, [detected, target]);

  return (
    <Card>
      <p className="card__text">{t('app-download-page.text')}</p>
      {target ? (
        <p className="card__text">
          <a href={target}>{t('app-download-page.link')}</a>
        </p>
      ) : null}
    </Card>
  );
}
