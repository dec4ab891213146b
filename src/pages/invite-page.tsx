import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession, useSessionSnapshot } from '../auth/session-context.tsx';
import { useSignInReturnParams } from '../auth/sign-in-return-context.tsx';
import { isSignInReturn } from '../contract/sign-in-return.ts';
import { BrandHeader } from '../brand/brand-header.tsx';
import { useConfig } from '../config/config-context.tsx';
import { tapStartedAt, tapUpdates, useTapReplay } from '../early/take-over.ts';
import { SmartAppBanner } from '../hand-off/smart-app-banner.tsx';
import { typeText } from '../i18n/setup-i18n.ts';
import { BikeCard, OwnerCard } from '../invite/owner-and-bike-cards.tsx';
import { isAcceptedFor, markAccepted, rememberInvite } from '../invite/stored-invite.ts';
import { inviteStep, type InviteStep } from '../invite/invite-step.ts';
import { inviteTitle } from '../invite/invite-title.ts';
import { parseInviteCode, type InviteCode } from '../contract/invite-code.ts';
import { ServiceUnreachable } from '../invite/service-unreachable.tsx';
import { InviteLoadView, leadsToOutcomePage } from '../invite/invite-load-step.tsx';
import { outcomePath } from '../invite/invite-outcome.ts';
import { Redirect } from '../ui/redirect.tsx';
import { ConfirmCard, InviteCard, LoginCard, PlaceholderCard } from '../invite/step-cards.tsx';
import { useInvite } from '../invite/invite-query.ts';
import { useRedeem } from '../invite/use-redeem.ts';
import { paths } from '../contract/paths.ts';
import { Spinner } from '../ui/spinner.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import { Later } from '../ui/later.tsx';
import { useSlideOut } from '../ui/use-slide-out.ts';
import { recordField } from '../field/record.ts';

function assertNever(value: never): never {
  throw new Error(`unhandled step ${JSON.stringify(value)}`);
}

/** One page per code: Back or Forward to another invite starts it afresh, without the previous step. */
export function InvitePage() {
  const params = useParams();
  const code = parseInviteCode(params.code);
  const { t } = useTranslation();
  if (code) return <InviteSteps key={code} code={code} />;
  return (
    <>
      <BrandHeader title={t('invite-page.title')} />
      <main className="page">
        <div className="steps">
          <Redirect to={outcomePath(params.code ?? '', 'unknown')} />
        </div>
      </main>
    </>
  );
}

/** The invite's query, its redemption and its steps are components of their own: React yields
 * between components during hydration, not within one (decision 0033). */
function InviteSteps({ code }: { code: InviteCode }) {
  return <InviteRedemption code={code} invite={useInvite()} />;
}

function InviteRedemption({ code, invite }: { code: InviteCode; invite: ReturnType<typeof useInvite> }) {
  return <InviteStepsShown code={code} invite={invite} redemption={useRedeem(code)} />;
}

function InviteStepsShown({
  code,
  invite: { load, reload },
  redemption: { prepareAccount, confirm, redeem, state: redeemState, answered },
}: {
  code: InviteCode;
  invite: ReturnType<typeof useInvite>;
  redemption: ReturnType<typeof useRedeem>;
}) {
  const { t, i18n } = useTranslation();
  const config = useConfig();
  const session = useSession();
  const { status: auth, user } = useSessionSnapshot();
  const navigate = useNavigate();
  // Hydrates as the server saw it, then shows this browser's stored acceptance (useHydrated).
  const hydrated = useHydrated();
  const replay = useTapReplay();
  const signingIn = isSignInReturn(useSignInReturnParams());
  const [acceptedHere, setAccepted] = useState<boolean>();
  const accepted = acceptedHere ?? (hydrated ? isAcceptedFor(code) : signingIn);
  const { leaving, slideOut } = useSlideOut();
  const heading = useRef<HTMLHeadingElement>(null);

  const step = inviteStep({ load, auth, isAccepted: accepted, redeem: redeemState });
  // A refused code is forgotten (InviteLoadView), not stored again here.
  const refused = leadsToOutcomePage(step);
  useEffect(() => {
    if (!refused) rememberInvite(code);
  }, [code, refused]);

  // The account made as soon as the page holds tokens: Confirm's redeem is then one call (decision 0049).
  const confirmNext = step.step === 'checking-session' || step.step === 'confirm';
  useEffect(() => {
    if (!confirmNext) return;
    let live = true;
    void session.tokensHeld().then(() => {
      if (live) prepareAccount();
    });
    return () => {
      live = false;
    };
  }, [confirmNext, session, prepareAccount]);

  const resuming = step.step === 'resume';
  useEffect(() => {
    if (resuming) redeem();
  }, [resuming, redeem]);

  // Each new step takes the focus as it shows (a layout effect: Preact runs others a frame later).
  const shownStep = useRef(step.step);
  useLayoutEffect(() => {
    if (shownStep.current === step.step) return;
    shownStep.current = step.step;
    heading.current?.focus();
  });

  const type = typeText(i18n, 'invite' in step ? (step.invite.type ?? config.type) : config.type);

  const storeAcceptance = () => {
    recordField('accept');
    markAccepted(code);
  };
  const accept = () => {
    storeAcceptance();
    setAccepted(true);
  };
  const loginCard = (upcoming: boolean) => (
    <LoginCard
      key="login"
      upcoming={upcoming}
      type={type}
      headingRef={heading}
      onAccept={() => {
        storeAcceptance(); // in the tap's own task: the sign-in beside it may leave the page before another
        tapUpdates(replay, () => setAccepted(true));
      }}
      onLogin={() => {
        recordField('sign_in_started');
        return session.login(i18n.language);
      }}
    />
  );

  function body(current: InviteStep) {
    switch (current.step) {
      case 'loading':
      case 'failed':
        return <InviteLoadView code={code} step={current} onRetry={reload} />;
      case 'pending':
        return [
          <InviteCard
            key="invite"
            invite={current.invite}
            type={type}
            leaving={leaving}
            headingRef={heading}
            onDecline={() => navigate(paths.decline(code))}
            onAccept={() => {
              const at = tapStartedAt(replay);
              slideOut(at, accept); // the slide starts at once (step-cards.tsx)
            }}
          />,
          auth === 'anonymous' ? loginCard(true) : null,
        ];
      case 'checking-session':
        return <PlaceholderCard />;
      case 'login':
        return [loginCard(false)];
      case 'confirm':
        return user ? (
          <ConfirmCard
            user={user}
            invite={current.invite}
            type={type}
            leaving={leaving}
            headingRef={heading}
            onLogout={() => void session.logout(i18n.language)}
            onConfirm={() => {
              recordField('confirm');
              const at = tapStartedAt(replay);
              slideOut(at, confirm());
            }}
          />
        ) : null;
      case 'resume':
      case 'redeeming':
      case 'redeemed':
        return <Spinner label={t('common.loading')} />;
      case 'redeem-unreachable':
        return <ServiceUnreachable onRetry={redeem} answered={answered} />;
      default:
        return assertNever(current);
    }
  }

  return (
    <>
      {hydrated ? <SmartAppBanner code={code} /> : null}
      <Later part="header">
        <BrandHeader
          title={t('invite-page.title')}
          documentTitle={'invite' in step ? inviteTitle(t, step.invite) : undefined}
        />
      </Later>
      <main className="page">
        {'invite' in step ? (
          <>
            <OwnerCard invite={step.invite} dimmed={accepted} namedBelow={step.step === 'pending'} />
            <Later part="bike">
              <BikeCard invite={step.invite} dimmed={accepted} />
            </Later>
          </>
        ) : null}
        <Later part="steps">
          <div className="steps">{body(step)}</div>
        </Later>
      </main>
    </>
  );
}
