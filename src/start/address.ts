import { APP_ROOT, isAppPath } from '../contract/paths.ts';
import { readSignInReturnParams, type SignInReturnParams } from '../contract/sign-in-return.ts';
import { takeLinkLanguage } from '../i18n/choose-language.ts';

/** Puts the address in its settled form (the app's root, no `lang`) and returns its sign-in return parameters. */
export function settleAddress(): SignInReturnParams {
  if (!isAppPath(window.location.pathname)) {
    window.history.replaceState(null, '', `${APP_ROOT}${window.location.search}`);
  }
  // An invite link's `lang` is kept for this tab and taken off the address (decision 0014).
  window.history.replaceState(window.history.state, '', takeLinkLanguage(window.location.href));
  return readSignInReturnParams(window.location.search);
}
