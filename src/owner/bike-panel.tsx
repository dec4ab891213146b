import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typeName } from '../i18n/setup-i18n.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { afterNextPaint } from '../ui/when-idle.ts';
import { groupInvites } from './invite-groups.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { InviteList } from './invite-list.tsx';
import type { OwnerBike } from './owner-bikes-query.ts';
import { RiderList } from './rider-list.tsx';
import { useNow } from './use-now.ts';

/** One of the owner's bikes: its photo, name and type, who rides it, its invites, and a new invite. */
export function BikePanel({ bike }: { bike: OwnerBike }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const openInvites = groupInvites(bike.invites, now).open.length;
  const facts = [
    typeName(i18n, bike.type),
    bike.riders
      ? t('owner-home.bike.riders', { count: bike.riders.filter((rider) => !rider.access_ended).length })
      : undefined,
    t('owner-home.bike.open-invites', { count: openInvites }),
  ].filter(Boolean);

  return (
    <Card className="owner-bike">
      <div className="owner-bike__head">
        {/* The name beside it says what it shows. */}
        <img className="owner-bike__photo" src={bike.image_url} alt="" width={120} height={80} />
        <div className="owner-bike__title">
          <h3 className="owner-bike__name">{bike.name}</h3>
          {/* A no-break space before each dot: a line never starts with one. */}
          <p className="owner-muted owner-bike__facts">{facts.join('\u00a0· ')}</p>
        </div>
      </div>
      {bike.riders ? <RiderList bike={bike} riders={bike.riders} now={now} /> : null}
      <InviteList bike={bike} now={now} />
      <NewInvite bike={bike} />
    </Card>
  );
}

/** "Invite someone" and its dialog: a state of their own, so that opening it renders the lists above not again. */
function NewInvite({ bike }: { bike: OwnerBike }) {
  const { t } = useTranslation();
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <div className="card__actions">
        <InviteButton label={t('owner-home.bike.invite-label', { bike: bike.name })} open={() => setInviting(true)}>
          {t('owner-home.bike.invite')}
        </InviteButton>
      </div>
      {inviting ? <InviteDialog bike={bike} onClose={() => setInviting(false)} /> : null}
    </>
  );
}

/** "Invite someone": busy at once, the dialog opened in a task after that frame (decision 0049). */
function InviteButton({ label, open, children }: { label: string; open: () => void; children: string }) {
  const [opening, setOpening] = useState(false);
  const tap = () => {
    if (opening) return;
    setOpening(true);
    void afterNextPaint().then(() => {
      setOpening(false);
      open();
    });
  };
  return (
    <Button onClick={tap} aria-label={label} aria-busy={opening || undefined}>
      {children}
    </Button>
  );
}
