import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../config/config-context.tsx';
import { typeText } from '../i18n/setup-i18n.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { useAnnounce } from './announcer.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { failureText, readFailureText } from './failure-text.ts';
import { useLeaveBike } from './leave-bike.ts';
import { useBikeService } from './owner-service.ts';
import { sharedBikesQuery, type SharedBike } from './shared-bikes-query.ts';
import { longDate } from './when.ts';
import { dayText } from '../i18n/day-text.ts';
import { useNow } from './use-now.ts';

/** "Shared with you": the bikes the user rides, each with a way to stop; left out when there are none or no call. */
export function SharedBikes({ fallbackFocus }: { fallbackFocus: () => HTMLElement | null | undefined }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const announce = useAnnounce();
  const query = useQuery(sharedBikesQuery(useBikeService()));
  const type = typeText(i18n, useConfig().type);
  const leave = useLeaveBike();
  const [leaving, setLeaving] = useState<SharedBike>();
  const bikes = query.data;
  const failed = query.isError && !bikes;
  if (!failed && !bikes?.length && !leaving) return null;

  return (
    <section className="owner-section" aria-labelledby={titleId}>
      <h2 className="owner-section__title" id={titleId} ref={heading} tabIndex={-1}>
        {t('owner-home.shared.title')}
      </h2>
      {failed ? (
        <Alert>
          <p className="card__text">{readFailureText(t, query.error, t('owner-home.shared.failed', type))}</p>
          <div className="card__actions">
            <Button onClick={() => void query.refetch()} aria-busy={query.isFetching || undefined}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : null}
      {bikes?.map((bike) => (
        <Card className="owner-bike owner-bike--shared" key={bike.id}>
          <div className="owner-bike__head">
            <img className="owner-bike__photo" src={bike.image_url} alt="" width={120} height={80} />
            <div className="owner-bike__title">
              <h3 className="owner-bike__name">{bike.name}</h3>
              <p className="owner-muted">
                {t('owner-home.shared.from', {
                  owner: bike.owner_display_name,
                  date: longDate(bike.since, i18n.language),
                })}
              </p>
              {bike.access_until ? (
                <p className="owner-muted">
                  {t('owner-home.shared.until', { date: dayText(bike.access_until, i18n.language, now) })}
                </p>
              ) : null}
            </div>
          </div>
          <div className="card__actions">
            <Button
              variant="secondary"
              onClick={() => setLeaving(bike)}
              aria-label={t('owner-home.shared.leave-label', { bike: bike.name })}
            >
              {t('owner-home.shared.leave')}
            </Button>
          </div>
        </Card>
      ))}
      {leaving ? (
        <ConfirmDialog
          title={t('owner-confirm.leave.title', { bike: leaving.name })}
          text={t('owner-confirm.leave.text', { owner: leaving.owner_display_name })}
          confirmLabel={t('owner-confirm.leave.btn')}
          onConfirm={() => leave.mutateAsync(leaving.id)}
          failureText={(error) =>
            failureText(t, error, { unreachable: t('owner-confirm.leave.failed', { bike: leaving.name }) })
          }
          onCancel={() => setLeaving(undefined)}
          onDone={() => {
            setLeaving(undefined);
            announce(t('owner-home.announce.left', { bike: leaving.name }));
          }}
          focusAfter={() => heading.current ?? fallbackFocus()}
        />
      ) : null}
    </section>
  );
}
