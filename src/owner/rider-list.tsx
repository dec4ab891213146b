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

/** Who rides a bike, since when, what the owner's invite called them, and a way to remove each of them. */
export function RiderList({ bike, riders }: { bike: OwnerBike; riders: Rider[] }) {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const announce = useAnnounce();
  const heading = useRef<HTMLHeadingElement>(null);
  const [removing, setRemoving] = useState<Rider>();
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
                <p className="owner-muted">
                  {t('owner-home.riders.since', { date: longDate(rider.since, i18n.language) })}
                </p>
                {notes.get(rider.id) ? (
                  <p className="owner-muted">{t('owner-home.riders.invited-as', { note: notes.get(rider.id) })}</p>
                ) : null}
              </UserCard>
            </div>
            <div className="owner-list__actions">
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
