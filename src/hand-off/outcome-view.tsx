import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandHeader } from '../brand/brand-header.tsx';
import type { Invite } from '../contract/bike-service.ts';
import { useConfig } from '../config/config-context.tsx';
import { useDevice } from '../device/device-query.ts';
import { typeText } from '../i18n/setup-i18n.ts';
import { Card } from '../ui/card.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Later } from '../ui/later.tsx';
import { InviteGraphic } from './invite-graphic.tsx';
import { QrHandOff } from './qr-hand-off.tsx';
import { StoreLinks } from './store-links.tsx';

export type OutcomeKeys = 'invite-accepted-page' | 'invite-prev-accepted-page';

/** The accepted and previously-accepted pages: same look, their own texts; `lead`, `vehicle`: what was shared, when known. */
export function OutcomeView({ keys, lead, vehicle }: { keys: OutcomeKeys; lead?: string; vehicle?: Invite['type'] }) {
  const { t } = useTranslation();
  return (
    <>
      <Later part="header">
        <BrandHeader title={t(`${keys}.title`)} />
      </Later>
      <Later part="outcome">
        <main className="page">
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <OutcomeCard keys={keys} lead={lead} vehicle={vehicle} />
          </Suspense>
        </main>
      </Later>
    </>
  );
}

function OutcomeCard({ keys, lead, vehicle }: { keys: OutcomeKeys; lead?: string; vehicle?: Invite['type'] }) {
  const config = useConfig();
  const { t, i18n } = useTranslation();
  const device = useDevice();
  const type = typeText(i18n, vehicle ?? config.type);
  return (
    <Card title={t(`${keys}.content.title`)}>
      <InviteGraphic app={config.app} />
      {lead ? <p className="card__text outcome__lead">{lead}</p> : null}
      <p className="card__text">{t(`${keys}.content.text.${device.isMobile ? 'mobile' : 'non-mobile'}`, type)}</p>
      <StoreLinks label={t(`${keys}.btn.right`)} />
      <QrHandOff />
    </Card>
  );
}
