import { NetworkError } from '../http/http-error.ts';
import { atHand } from './oauth-at-hand.ts';

/** The OAuth protocol steps (oauth-flow.ts, with oauth4webapi), a chunk of their own. */
export type OAuthFlow = typeof import('./oauth-flow.ts');

/** That chunk's module as the build's manifest names it: a sign-in return's page fetches it with the app. */
export const OAUTH_FLOW_MODULE = 'src/auth/oauth-flow.ts';

/** The one way to load the OAuth steps; code that cannot load rejects with a NetworkError (nothing was refused). */
export function loadOAuth(): Promise<OAuthFlow> {
  const evaluated = atHand() as OAuthFlow | undefined; // a return's page runs it with the app (src/early/page-script.ts)
  if (evaluated) return Promise.resolve(evaluated);
  return import('./oauth-flow.ts').catch((error: unknown) => {
    throw new NetworkError(`sign-in code not loaded: ${String(error)}`, false);
  });
}
