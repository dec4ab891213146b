// The app-link files Apple and Google fetch, from config.json's `appStore` (decision 0012); pure, so
// the app server and `npm run well-known` serve the same bytes.
import type { AppStore } from '../src/config/schema.ts';
import { ROUTE_PATTERNS, ROUTE_PREFIX } from '../src/contract/paths.ts';

export const WELL_KNOWN_NAMES = ['apple-app-site-association', 'assetlinks.json'] as const;
export type WellKnownName = (typeof WELL_KNOWN_NAMES)[number];
export type WellKnownFile = { name: WellKnownName; body: string };

// The invite link, the only address that opens the app (docs/behaviour/app-links-and-qr.md#the-invite-link-opens-the-app).
const INVITE_PREFIX = `${ROUTE_PREFIX}${ROUTE_PATTERNS.invite.replace(/:code$/, '')}`;

/** apple-app-site-association in the iOS 13+ `appIDs`/`components` form; patterns match in order. */
export function appleAppSiteAssociation(ios: NonNullable<AppStore['ios']>): object {
  return {
    applinks: {
      details: [
        {
          appIDs: [`${ios.teamId}.${ios.bundleId}`],
          components: [
            {
              '/': `${INVITE_PREFIX}*/*`,
              exclude: true,
              comment: 'The pages after an invite (decline, accepted, ...) stay in the browser.',
            },
            {
              '/': `${INVITE_PREFIX}?*`,
              '?': { state: '?*' },
              exclude: true,
              comment: 'The return from the identity service finishes the sign-in in the browser.',
            },
            { '/': `${INVITE_PREFIX}?*`, comment: 'An invite link opens the app.' },
          ],
        },
      ],
    },
  };
}

/** Digital Asset Links: lets the Android app verify this origin for its invite-link intent filter. */
export function assetLinks(android: NonNullable<AppStore['android']>): object[] {
  return [
    {
      relation: ['delegate_permission/common.handle_all_urls'],
      target: {
        namespace: 'android_app',
        package_name: android.packageName,
        sha256_cert_fingerprints: android.sha256CertFingerprints,
      },
    },
  ];
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The files to serve under /.well-known/; none when `appStore` is absent. */
export function wellKnownFiles(appStore: AppStore | undefined): WellKnownFile[] {
  const files: WellKnownFile[] = [];
  if (appStore?.ios)
    files.push({ name: 'apple-app-site-association', body: json(appleAppSiteAssociation(appStore.ios)) });
  if (appStore?.android) files.push({ name: 'assetlinks.json', body: json(assetLinks(appStore.android)) });
  return files;
}
