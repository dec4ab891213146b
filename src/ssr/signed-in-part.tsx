// A page's signed-in part (decision 0056): the home page as its owner sees it, from the reads made with their token.
import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { renderToString } from 'react-dom/server';
import * as v from 'valibot';
import { createApp } from '../app/create-app.tsx';
import { ownerReads } from '../app/routes.tsx';
import type { Session } from '../auth/session.ts';
import type { User } from '../auth/token-store.ts';
import { userOf } from '../auth/user-service.ts';
import { BrandHeader } from '../brand/brand-header.tsx';
import type { AppConfig } from '../config/schema.ts';
import { OwnerBikeSchema, SharedBikeSchema } from '../contract/bike-service.ts';
import { readSignInReturnParams } from '../contract/sign-in-return.ts';
import { OwnerHome, seedOwnerLists } from '../owner/owner-home.tsx';
import { SignedIn } from '../pages/login-page.tsx';
import { renderOnlySession, serverSources } from './server-sources.ts';

const NO_INVITE = serverSources(async () => ({ ok: false, reason: 'no invite on a signed-in part' }), '');

/** The part needs the user looked up: a provider named by its issuer alone is asked by the app's OpenID Connect code. */
export const partRendered = (config: AppConfig) => ownerReads(config).user !== undefined;

/** The part from the reads' answers (by the addresses the page names), or undefined when they do not make one. */
export function renderSignedInPart(
  config: AppConfig,
  brand: string,
  i18n: i18n,
  answers: Readonly<Record<string, unknown>>,
): string | undefined {
  const reads = ownerReads(config);
  const user = reads.user === undefined ? undefined : userFrom(answers[reads.user]);
  const bikes = v.safeParse(v.array(OwnerBikeSchema), answers[reads.bikes]);
  const shared = v.safeParse(v.array(SharedBikeSchema), answers[reads.shared]);
  if (!user || !bikes.success || !shared.success) return undefined;
  const session: Session = { ...renderOnlySession };
  seedOwnerLists(session, { bikes: bikes.output, shared: shared.output });
  const app = createApp({
    config,
    brand,
    sources: NO_INVITE,
    signInReturn: readSignInReturnParams(''),
    session,
    serverPage: true,
  });
  return renderToString(app.render(<Part user={user} />, i18n));
}

function userFrom(answer: unknown): User | undefined {
  try {
    return userOf(answer);
  } catch {
    return undefined;
  }
}

function Part({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <div className="app-root">
      <BrandHeader title={t('login-page.title-signed-in')} />
      <main className="page">
        <SignedIn user={user}>
          <OwnerHome />
        </SignedIn>
      </main>
    </div>
  );
}
