import { useTranslation } from 'react-i18next';
import { useConfig } from '../config/config-context.tsx';
import { themeFor } from '../brand/themes.ts';
import { Card } from '../ui/card.tsx';
import { UserCard } from '../ui/user-card.tsx';
import type { BikeInvite } from './invite-api.ts';

/** The owner's display name with the bike's picture. */
export function OwnerCard({ invite, dimmed }: { invite: BikeInvite; dimmed: boolean }) {
  const { t } = useTranslation();
  return (
    <Card dimmed={dimmed} className="owner-card">
      <UserCard
        name={invite.owner_display_name}
        avatarUrl={invite.bike_image_url}
        fallbackUrl={useConfig().defaultProfileUrl}
        avatarAlt={t('invite-page.bike-alt', { bike: invite.bike_name })}
      />
    </Card>
  );
}

/** The bike card, 110 px high, with the provider's logo. */
export function BikeCard({ invite, dimmed }: { invite: BikeInvite; dimmed: boolean }) {
  const config = useConfig();
  const { t } = useTranslation();
  const brand = themeFor(config.app).name;
  return (
    <Card dimmed={dimmed} className="bike-card">
      <img className="bike-card__image" src={invite.bike_image_url} alt="" width={160} height={110} />
      <div className="bike-card__body">
        <p className="bike-card__name">{invite.bike_name}</p>
        <span className="bike-card__provider">
          <img src={config.logo} alt={t('app-header.logo-alt', { brand })} width={96} height={24} />
        </span>
      </div>
    </Card>
  );
}
