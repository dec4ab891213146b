import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoginError } from '../auth/login-error.tsx';
import { useSession, useSessionSnapshot } from '../auth/session-context.tsx';
import { useSignInReturnParams } from '../auth/sign-in-return-context.tsx';
import { storedAccessToken, type User } from '../auth/token-store.ts';
import { isSignInReturn } from '../contract/sign-in-return.ts';
import { BrandHeader } from '../brand/brand-header.tsx';
import { dropSignedInPart } from '../early/take-over.ts';
import { useConfig } from '../config/config-context.tsx';
import { isAcceptedFor, storedInviteCode } from '../invite/stored-invite.ts';
import { RedeemStoredInvite } from '../invite/redeem-stored-invite.tsx';
import { paths } from '../contract/paths.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import { UserCard } from '../ui/user-card.tsx';

// The owner's side, in its own chunk: only signed-in users load it (docs/behaviour/owner-side.md).
const ownerSide = () => import('../owner/owner-home.tsx');
const OwnerHome = lazy(() => ownerSide().then((module) => ({ default: module.OwnerHome })));
const OwnerPrefetch = lazy(() => ownerSide().then((module) => ({ default: module.OwnerPrefetch })));
if (typeof window !== 'undefined' && storedAccessToken()) ownerSide().catch(() => undefined);

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { status, user } = useSessionSnapshot();
  const navigate = useNavigate();
  const signingIn = isSignInReturn(useSignInReturnParams());
  const onLoginRoute = useLocation().pathname.replace(/\/+$/, '') === paths.login();
  const [leaving, setLeaving] = useState(false);
  // A refresh mid-session keeps the signed-in page and what the owner was doing, not a spinner.
  const [shownSignedIn, setShownSignedIn] = useState(false);
  if (status === 'authenticated' && !shownSignedIn) setShownSignedIn(true);
  const signedInUser = status === 'authenticated' || (status === 'checking' && shownSignedIn) ? user : undefined;

  useEffect(() => {
    if (status === 'authenticated' && onLoginRoute) navigate(paths.home(), { replace: true });
  }, [status, onLoginRoute, navigate]);

  // An invite accepted before signing in is redeemed now, once (on /login after the move to the root).
  const inviteCode = storedInviteCode();
  const redeeming = status === 'authenticated' && !onLoginRoute && inviteCode && isAcceptedFor(inviteCode);
  // The signed-in part stays until the owner's lists are shown (OwnerHome); anonymous counts once hydrated.
  const hydrated = useHydrated();
  useEffect(() => {
    if ((hydrated && status === 'anonymous') || redeeming) dropSignedInPart();
  }, [hydrated, status, redeeming]);
  useEffect(() => dropSignedInPart, []);
  if (redeeming) {
    return (
      <>
        <BrandHeader title={t('login-page.title')} />
        <main className="page">
          <RedeemStoredInvite code={inviteCode} />
        </main>
      </>
    );
  }

  // The owner's lists read while a stored session is checked; never without its token (decision 0049).
  const ownerAhead = !signingIn && storedAccessToken() !== undefined && !(inviteCode && isAcceptedFor(inviteCode));

  const login = () => {
    setLeaving(true);
    session.login(i18n.language).catch(() => setLeaving(false));
  };

  return (
    <>
      <BrandHeader title={t(signedInUser ? 'login-page.title-signed-in' : 'login-page.title')} />
      <main className="page">
        {status === 'checking' && !signedInUser ? <Spinner label={t('common.loading')} /> : null}
        {signedInUser ? (
          <SignedIn user={signedInUser}>
            <Suspense fallback={null}>
              <OwnerHome />
            </Suspense>
          </SignedIn>
        ) : null}
        {ownerAhead && status !== 'anonymous' ? (
          <Suspense fallback={null}>
            <OwnerPrefetch />
          </Suspense>
        ) : null}
        {status === 'anonymous' ? (
          <Card className="anonymous-card">
            <div className="stack">
              <LoginError />
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

/** The signed-in home's greeting with Log out, then the owner's side (`children`): the server renders it too (decision 0056). */
export function SignedIn({ user, children }: { user: User; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const session = useSession();
  return (
    <>
      <Card title={t('login-page.greeting', { name: user.display_name })}>
        <div className="stack">
          <UserCard
            name={user.display_name}
            avatarUrl={user.avatar_url}
            fallbackUrl={config.defaultProfileUrl}
            avatarAlt={t('user-card.avatar-alt', { name: user.display_name })}
          />
          <Button variant="secondary" onClick={() => void session.logout(i18n.language)}>
            {t('login-page.btn.logout')}
          </Button>
        </div>
      </Card>
      {children}
    </>
  );
}
