import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../config/config-context.tsx';
import { typeText } from '../i18n/setup-i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useAnnounce, useRetract } from './announcer.tsx';
import { readFailureText } from './failure-text.ts';
import { BikePanel } from './bike-panel.tsx';
import { ownerBikesQuery } from './owner-bikes-query.ts';
import { sharedBikesQuery } from './shared-bikes-query.ts';
import { useBikeService } from './owner-service.ts';
import { useElapsed } from './use-elapsed.ts';

/** After this long without an answer, the spinner says the service is slow. */
const SLOW_MS = 4000;

function Loading() {
  const { t } = useTranslation();
  const slow = useElapsed(SLOW_MS);
  return (
    <div>
      <Spinner label={t('common.loading')} />
      {slow ? <p className="card__text owner-muted owner-slow">{t('owner-home.bikes.slow')}</p> : null}
    </div>
  );
}

/** "Your bikes" with riders and invites; nothing without owner calls (decision 0032), a failure a message with a retry. */
export function YourBikes({ headingRef }: { headingRef: Ref<HTMLHeadingElement> }) {
  const { t, i18n } = useTranslation();
  // The list is named after the brand's type: "Your e-mopeds" at a brand of e-mopeds.
  const type = typeText(i18n, useConfig().type);
  const titleId = useId();
  const announce = useAnnounce();
  const retract = useRetract();
  const service = useBikeService();
  const query = useQuery(ownerBikesQuery(service));
  const upToDate = t('owner-home.bikes.refreshed', type);
  useEffect(() => {
    if (query.isError) retract(upToDate);
  }, [query.isError, retract, upToDate]);
  // An account that only rides is not told it has nothing: what it rides is below.
  const rides = (useQuery(sharedBikesQuery(service)).data?.length ?? 0) > 0;
  const [refreshing, setRefreshing] = useState(false);
  const bikes = query.data;
  if (bikes === null) return null;

  const refresh = () => {
    if (refreshing) return;
    setRefreshing(true);
    void query.refetch().then((result) => {
      setRefreshing(false);
      if (!result.isError) announce(upToDate);
    });
  };
  const retry = () => void query.refetch();
  const stale = bikes !== undefined;

  return (
    <section className="owner-section" aria-labelledby={titleId}>
      <div className="owner-section__head">
        <h2 className="owner-section__title" id={titleId} ref={headingRef} tabIndex={-1}>
          {t('owner-home.bikes.title', type)}
        </h2>
        {bikes ? (
          <Button
            variant="secondary"
            className="button--small"
            onClick={refresh}
            aria-label={t('owner-home.bikes.refresh-label', type)}
            aria-busy={refreshing || undefined}
            aria-disabled={refreshing || undefined}
          >
            {t('owner-home.bikes.refresh')}
          </Button>
        ) : null}
      </div>
      {!bikes && !query.isError ? <Loading /> : null}
      {query.isError ? (
        <Alert>
          <p className="card__text">
            {readFailureText(
              t,
              query.error,
              t(stale ? 'owner-home.bikes.stale' : 'owner-home.bikes.failed', type),
              stale,
            )}
          </p>
          <div className="card__actions">
            <Button onClick={retry} aria-busy={query.isFetching || undefined}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : null}
      {bikes?.length === 0 ? (
        <Card className="owner-empty">
          <p className="card__text">{t(rides ? 'owner-home.bikes.empty-rider' : 'owner-home.bikes.empty', type)}</p>
        </Card>
      ) : null}
      {bikes?.map((bike) => (
        <BikePanel key={bike.id} bike={bike} />
      ))}
    </section>
  );
}
