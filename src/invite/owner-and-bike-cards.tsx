import { useTranslation } from 'react-i18next';
import { useConfig } from '../config/config-context.tsx';
import { Card } from '../ui/card.tsx';
import { UserCard } from '../ui/user-card.tsx';
import type { BikeInvite } from './invite-api.ts';

/** The owner's name with a small copy of the bike's picture; `namedBelow`: the text below names the owner, so it is skipped. */
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

/** The bike's photo, name and the brand's logo; only the photo's alt text is read out. */
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
        fetchPriority="high" // the page's largest picture: fetched before the others
      />
      <div className="bike-card__body">
        <p className="bike-card__name" aria-hidden="true">
          {invite.bike_name}
        </p>
        <span className="bike-card__provider">
          <img src={config.logo} alt="" width={96} height={24} fetchPriority="low" />
        </span>
      </div>
    </Card>
  );
}
