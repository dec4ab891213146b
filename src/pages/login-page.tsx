import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../auth/session-context.tsx';
import { useSessionSnapshot } from '../auth/session-store.ts';
import { useStartupParams } from '../auth/startup-context.tsx';
import { BrandHeader } from '../brand/brand-header.tsx';
import { useConfig } from '../config/config-context.tsx';
import { isAcceptedFor, storedInviteCode } from '../invite/invite-code.ts';
import { RedeemStoredInvite } from '../invite/redeem-stored-invite.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { UserCard } from '../ui/user-card.tsx';

// Only these `error` values are shown as they are; anything else gets a generic message.
const KNOWN_ERRORS = new Set(['login.failed']);

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const { status, user } = useSessionSnapshot();
  const { error } = useStartupParams();
  const navigate = useNavigate();
  const onLoginRoute = useLocation().pathname.replace(/\/+$/, '') === '/login';
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (status === 'authenticated' && onLoginRoute) navigate('/', { replace: true });
  }, [status, onLoginRoute, navigate]);

  // An invite the invitee accepted before signing in is redeemed now; one only opened is not.
  // (On /login the page first moves to the root, so the redeem starts once, there.)
  const inviteCode = storedInviteCode();
  if (status === 'authenticated' && !onLoginRoute && inviteCode && isAcceptedFor(inviteCode)) {
    return (
      <>
        <BrandHeader title={t('login-page.title')} />
        <main className="page">
          <RedeemStoredInvite code={inviteCode} />
        </main>
      </>
    );
  }

  const login = () => {
    setLeaving(true);
    session.login(i18n.language).catch(() => setLeaving(false));
  };

  return (
    <>
      <BrandHeader title={t('login-page.title')} />
      <main className="page">
        {status === 'checking' ? <Spinner label={t('common.loading')} /> : null}
        {status === 'authenticated' && user ? (
          <Card title={t('login-page.greeting', { name: user.display_name })} labelledBy="greeting">
            <div className="stack">
              <UserCard
                name={user.display_name}
                avatarUrl={user.avatar_url}
                fallbackUrl={config.defaultProfileUrl}
                avatarAlt={t('user-card.avatar-alt', { name: user.display_name })}
              />
              <Button variant="secondary" onClick={() => session.logout()}>
                {t('login-page.btn.logout')}
              </Button>
            </div>
          </Card>
        ) : null}
        {status === 'anonymous' ? (
          <Card>
            <div className="stack">
              {error ? <Alert>{KNOWN_ERRORS.has(error) ? t(error) : t('common.error.unknown')}</Alert> : null}
              <Button onClick={login} disabled={leaving} aria-busy={leaving}>
                {t('login-page.btn.login')}
              </Button>
            </div>
          </Card>
        ) : null}
      </main>
    </>
  );
}
