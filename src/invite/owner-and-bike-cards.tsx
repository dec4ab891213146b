import { useTranslation } from 'react-i18next';
import { useConfig } from '../config/config-context.tsx';
import { Card } from '../ui/card.tsx';
import { UserCard } from '../ui/user-card.tsx';
import type { BikeInvite } from './invite-api.ts';

/**
 * The owner's display name with a small, decorative copy of the bike's picture. `namedBelow`: the
 * page's own text below says who invites (the invite card, the decline page), so a screen reader
 * skips the name here rather than hearing it twice.
 */
export function OwnerCard({
  invite,
  dimmed,
  namedBelow,
}: {
  invite: BikeInvite;
  dimmed: boolean;
  namedBelow: boolean;
}) {
  return (
    <Card dimmed={dimmed} className="owner-card">
      <div aria-hidden={namedBelow ? true : undefined}>
        <UserCard
          name={invite.owner_display_name}
          avatarUrl={invite.bike_image_url}
          fallbackUrl={useConfig().defaultProfileUrl}
        />
      </div>
    </Card>
  );
}

/**
 * The bike card, 110 px high, with the provider's logo. The photo is named after the bike, so its
 * printed name is not read again; the logo is the one the page header already names.
 */
export function BikeCard({ invite, dimmed }: { invite: BikeInvite; dimmed: boolean }) {
  const config = useConfig();
  const { t } = useTranslation();
  return (
    <Card dimmed={dimmed} className="bike-card">
      <img
        className="bike-card__image"
        src={invite.bike_image_url}
        alt={t('invite-page.bike-alt', { bike: invite.bike_name })}
        width={160}
        height={110}
      />
      <div className="bike-card__body">
        <p className="bike-card__name" aria-hidden="true">
          {invite.bike_name}
        </p>
        <span className="bike-card__provider">
          <img src={config.logo} alt="" width={96} height={24} />
        </span>
      </div>
    </Card>
  );
}
