import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginError } from '../auth/login-error.tsx';
import type { User } from '../auth/token-store.ts';
import { useConfig } from '../config/config-context.tsx';
import { SLIDES_CARD_EARLY, UPCOMING_CARD_CLASS } from '../early/contract.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { UserCard } from '../ui/user-card.tsx';
import { dayText } from '../i18n/day-text.ts';
import type { TypeText } from '../i18n/setup-i18n.ts';
import type { BikeInvite } from './invite-api.ts';

type StepCardProps = { leaving: boolean; headingRef: React.Ref<HTMLHeadingElement> };

const LEAVING_CLASS = 'step-card--leaving';

const cardClass = (leaving: boolean) => `step-card${leaving ? ` ${LEAVING_CLASS}` : ''}`;

/** The card's slide starts in the tap's task, the step change a transition after it (decision 0049). */
const slidesAtOnce = (onTap: () => void) => (event: React.MouseEvent<HTMLButtonElement>) => {
  event.currentTarget.closest('.step-card')?.classList.add(LEAVING_CLASS);
  onTap();
};

export function InviteCard({
  invite,
  type,
  leaving,
  headingRef,
  onDecline,
  onAccept,
}: StepCardProps & { invite: BikeInvite; type: TypeText; onDecline: () => void; onAccept: () => void }) {
  const { t, i18n } = useTranslation();
  const invited = t('invite-page.invite.text', { owner: invite.owner_display_name, bike: invite.bike_name, ...type });
  // A loan with an end says so before it is accepted, its day's number, month and year kept together (decision 0045).
  const until = invite.access_until
    ? t('invite-page.invite.until', {
        date: dayText(invite.access_until, i18n.language).replace(/(?<=\d\.?) | (?=\d{4}\b)/g, '\u00a0'),
      })
    : undefined;
  const text = until ? `${invited} ${until}` : invited;
  // Seen: the owner's name, then the sentence. Heard: the sentence once, as the heading.
  return (
    <Card className={`${cardClass(leaving)} invite-card`}>
      <h2 className="card__title" ref={headingRef} tabIndex={-1}>
        <span aria-hidden="true">{t('invite-page.invite.title', { owner: invite.owner_display_name })}</span>
        <span className="visually-hidden">{text}</span>
      </h2>
      <p className="card__text" aria-hidden="true">
        {text}
      </p>
      <div className="card__actions">
        <Button variant="secondary" onClick={onDecline} disabled={leaving}>
          {t('invite-page.btn.decline')}
        </Button>
        <Button onClick={slidesAtOnce(onAccept)} disabled={leaving} {...SLIDES_CARD_EARLY}>
          {t('invite-page.btn.accept')}
        </Button>
      </div>
    </Card>
  );
}

/** The action card while the session is checked or a sign-in finished: empty, with a spinner if slow. */
export function PlaceholderCard() {
  const { t } = useTranslation();
  return (
    <Card className="step-card step-card--placeholder">
      <Spinner label={t('common.loading')} />
    </Card>
  );
}

/** The sign-in prompt; `upcoming`: hidden behind an anonymous invitee's invite card for the early
 * page to show (src/early/early.css), where a tap on it accepts too. Keyed alike, it stays one element. */
export function LoginCard({
  type,
  headingRef,
  onAccept,
  onLogin,
  upcoming,
}: Omit<StepCardProps, 'leaving'> & {
  type: TypeText;
  onAccept: () => void;
  /** Leaves for the identity service; settles with a failure if it cannot (the button is free again). */
  onLogin: () => Promise<void>;
  upcoming: boolean;
}) {
  const { t } = useTranslation();
  // The busy look is this card's render alone, at once; the page's move to the login step renders in slices.
  const [busy, setBusy] = useState(false);
  const login = () => {
    setBusy(true);
    if (upcoming) onAccept();
    onLogin().catch(() => setBusy(false));
  };
  return (
    <Card className={`step-card ${upcoming ? UPCOMING_CARD_CLASS : 'step-card--entering'}`} hidden={upcoming}>
      <h2 className="card__title" ref={upcoming ? null : headingRef} tabIndex={-1}>
        {t('invite-page.login.title')}
      </h2>
      <p className="card__text">{t('invite-page.login.text', type)}</p>
      <LoginError />
      <div className="card__actions">
        <Button onClick={login} disabled={busy} aria-busy={busy}>
          {t('invite-page.login.btn')}
        </Button>
      </div>
    </Card>
  );
}

export function ConfirmCard({
  user,
  invite,
  type,
  leaving,
  headingRef,
  onLogout,
  onConfirm,
}: StepCardProps & { user: User; invite: BikeInvite; type: TypeText; onLogout: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const { defaultProfileUrl } = useConfig();
  return (
    <Card className={`${cardClass(leaving)} step-card--entering`}>
      <h2 className="card__title" ref={headingRef} tabIndex={-1}>
        {t('invite-page.confirm.title')}
      </h2>
      <UserCard
        name={user.display_name}
        avatarUrl={user.avatar_url}
        fallbackUrl={defaultProfileUrl}
        avatarAlt={t('user-card.avatar-alt', { name: user.display_name })}
      />
      <p className="card__text step-card__text">{t('invite-page.confirm.text', { bike: invite.bike_name, ...type })}</p>
      <div className="card__actions">
        <Button variant="secondary" onClick={onLogout} disabled={leaving}>
          {t('invite-page.btn.logout')}
        </Button>
        <Button onClick={slidesAtOnce(onConfirm)} disabled={leaving}>
          {t('invite-page.btn.confirm')}
        </Button>
      </div>
    </Card>
  );
}
