import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../config/config-context.tsx';
import { cleanName } from '../contract/clean-name.ts';
import { Button } from '../ui/button.tsx';
import { UserCard } from '../ui/user-card.tsx';
import { useAnnounce } from './announcer.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { failureText } from './failure-text.ts';
import type { OwnerBike, Rider } from './owner-bikes-query.ts';
import { useRemoveRider } from './remove-rider.ts';
import { longDate } from './when.ts';
import { AccessDialog } from './access-dialog.tsx';
import { dayText } from '../i18n/day-text.ts';

/** Who rides a bike, since and until when, what the owner's invite called them; each one's access to change, and a way to remove them. */
export function RiderList({ bike, riders, now }: { bike: OwnerBike; riders: Rider[]; now: number }) {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const announce = useAnnounce();
  const heading = useRef<HTMLHeadingElement>(null);
  const [removing, setRemoving] = useState<Rider>();
  const [changing, setChanging] = useState<Rider>();
  const remove = useRemoveRider();
  // The invite each rider accepted, linked by their id: what the owner called them there.
  const notes = new Map(
    bike.invites.flatMap((invite) =>
      invite.accepted_by && invite.note ? [[invite.accepted_by.id, cleanName(invite.note)] as const] : [],
    ),
  );

  return (
    <div className="owner-bike__part">
      <h4 className="owner-bike__subtitle" ref={heading} tabIndex={-1}>
        {t('owner-home.riders.title')}
      </h4>
      {riders.length === 0 ? <p className="card__text owner-muted">{t('owner-home.riders.none')}</p> : null}
      <ul className="owner-list">
        {riders.map((rider) => (
          <li className="owner-list__item" key={rider.id}>
            <div className="owner-list__body">
              <UserCard name={rider.display_name} avatarUrl={rider.avatar_url} fallbackUrl={config.defaultProfileUrl}>
                {rider.access_ended ? null : (
                  <p className="owner-muted">
                    {t('owner-home.riders.since', { date: longDate(rider.since, i18n.language) })}
                  </p>
                )}
                {rider.access_ended && rider.access_until ? (
                  <p className="owner-ended-access">
                    {t('owner-home.riders.ended', { date: dayText(rider.access_until, i18n.language, now) })}
                  </p>
                ) : rider.access_until ? (
                  <p className="owner-until">
                    {t('owner-home.riders.until', { date: dayText(rider.access_until, i18n.language, now) })}
                  </p>
                ) : null}
                {notes.get(rider.id) ? (
                  <p className="owner-muted">{t('owner-home.riders.invited-as', { note: notes.get(rider.id) })}</p>
                ) : null}
              </UserCard>
            </div>
            <div className="owner-list__actions">
              {rider.access_until === undefined ? null : (
                <Button
                  variant="secondary"
                  className="button--small"
                  onClick={() => setChanging(rider)}
                  aria-label={t(
                    rider.access_ended ? 'owner-home.riders.again-label' : 'owner-home.riders.access-label',
                    {
                      name: rider.display_name,
                      bike: bike.name,
                    },
                  )}
                >
                  {t(rider.access_ended ? 'owner-home.riders.again' : 'owner-home.riders.access')}
                </Button>
              )}
              <Button
                variant="secondary"
                className="button--small"
                onClick={() => setRemoving(rider)}
                aria-label={t('owner-home.riders.remove-label', { name: rider.display_name, bike: bike.name })}
              >
                {t('owner-home.riders.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {changing ? (
        <AccessDialog
          bike={bike}
          rider={changing}
          now={now}
          onClose={() => setChanging(undefined)}
          onDone={(news) => {
            setChanging(undefined);
            announce(news);
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t('owner-confirm.remove.title', { name: removing.display_name })}
          text={t('owner-confirm.remove.text', { name: removing.display_name, bike: bike.name })}
          confirmLabel={t('owner-confirm.remove.btn')}
          onConfirm={() => remove.mutateAsync({ bikeId: bike.id, riderId: removing.id })}
          failureText={(error) =>
            failureText(t, error, { unreachable: t('owner-confirm.remove.failed', { name: removing.display_name }) })
          }
          onCancel={() => setRemoving(undefined)}
          onDone={() => {
            setRemoving(undefined);
            announce(t('owner-home.announce.removed', { name: removing.display_name, bike: bike.name }));
          }}
          focusAfter={() => heading.current}
        />
      ) : null}
    </div>
  );
}
