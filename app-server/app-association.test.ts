import { describe, expect, it } from 'vitest';
import { APP_STORE, FINGERPRINT } from './test/app-store.ts';
import { readAppStore, wellKnownFiles } from './app-association.ts';

const AASA = `{
  "applinks": {
    "details": [
      {
        "appIDs": [
          "ABCDE12345.com.sparta.bikeinvite"
        ],
        "components": [
          {
            "/": "/my-account/invite/*/*",
            "exclude": true,
            "comment": "The pages after an invite (decline, accepted, ...) stay in the browser."
          },
          {
            "/": "/my-account/invite/?*",
            "?": {
              "state": "?*"
            },
            "exclude": true,
            "comment": "The return from the identity service finishes the sign-in in the browser."
          },
          {
            "/": "/my-account/invite/?*",
            "comment": "An invite link opens the app."
          }
        ]
      }
    ]
  }
}
`;

const ASSET_LINKS = `[
  {
    "relation": [
      "delegate_permission/common.handle_all_urls"
    ],
    "target": {
      "namespace": "android_app",
      "package_name": "com.sparta.bike_invite",
      "sha256_cert_fingerprints": [
        "${FINGERPRINT}"
      ]
    }
  }
]
`;

describe('wellKnownFiles', () => {
  it('generates both files, exactly, for a brand with both apps', () => {
    expect(wellKnownFiles(APP_STORE)).toEqual([
      { name: 'apple-app-site-association', body: AASA },
      { name: 'assetlinks.json', body: ASSET_LINKS },
    ]);
  });

  it('generates nothing without appStore', () => {
    expect(wellKnownFiles(undefined)).toEqual([]);
  });

  it('generates only the file of the platform that is configured', () => {
    expect(wellKnownFiles({ ios: APP_STORE.ios }).map((file) => file.name)).toEqual(['apple-app-site-association']);
    expect(wellKnownFiles({ android: APP_STORE.android }).map((file) => file.name)).toEqual(['assetlinks.json']);
  });

  it('lists every fingerprint, for an app signed by Play and by an upload key', () => {
    const second = FINGERPRINT.replace('14:6D', 'AA:BB');
    const [file] = wellKnownFiles({ android: { ...APP_STORE.android, sha256CertFingerprints: [FINGERPRINT, second] } });
    expect(JSON.parse(file?.body ?? '')[0].target.sha256_cert_fingerprints).toEqual([FINGERPRINT, second]);
  });
});

describe('readAppStore', () => {
  it('returns the validated appStore, or undefined when there is none', () => {
    expect(readAppStore({ app: 'sparta', appStore: APP_STORE })).toEqual(APP_STORE);
    expect(readAppStore({ app: 'sparta' })).toBeUndefined();
  });

  const broken: [string, unknown, RegExp][] = [
    [
      'a lower-case team id',
      { ios: { ...APP_STORE.ios, teamId: 'abcde12345' } },
      /appStore\.ios\.teamId: must be 10 characters A-Z or 0-9/,
    ],
    ['a 9-character team id', { ios: { ...APP_STORE.ios, teamId: 'ABCDE1234' } }, /appStore\.ios\.teamId/],
    [
      'a bundle id without dots',
      { ios: { ...APP_STORE.ios, bundleId: 'bikeinvite' } },
      /appStore\.ios\.bundleId: must be like com\.brand\.app/,
    ],
    ['a bundle id with an empty part', { ios: { ...APP_STORE.ios, bundleId: 'com..app' } }, /appStore\.ios\.bundleId/],
    [
      'an App Store URL instead of its id',
      { ios: { ...APP_STORE.ios, appStoreId: 'id1234567890' } },
      /appStore\.ios\.appStoreId/,
    ],
    ['a numeric App Store id', { ios: { ...APP_STORE.ios, appStoreId: 1234567890 } }, /appStore\.ios\.appStoreId/],
    ['a missing App Store id', { ios: { teamId: 'ABCDE12345', bundleId: 'com.a.b' } }, /appStore\.ios\.appStoreId/],
    [
      'a package part starting with a digit',
      { android: { ...APP_STORE.android, packageName: 'com.1brand.app' } },
      /appStore\.android\.packageName/,
    ],
    [
      'a package name with a dash',
      { android: { ...APP_STORE.android, packageName: 'com.brand-x.app' } },
      /appStore\.android\.packageName/,
    ],
    [
      'a lower-case fingerprint',
      { android: { ...APP_STORE.android, sha256CertFingerprints: [FINGERPRINT.toLowerCase()] } },
      /sha256CertFingerprints\.0: must be 32 upper-case hex bytes/,
    ],
    [
      'a SHA-1 fingerprint',
      { android: { ...APP_STORE.android, sha256CertFingerprints: [FINGERPRINT.slice(0, 59)] } },
      /sha256CertFingerprints\.0/,
    ],
    [
      'no fingerprints',
      { android: { ...APP_STORE.android, sha256CertFingerprints: [] } },
      /sha256CertFingerprints: must name at least one/,
    ],
    ['neither app', {}, /appStore: needs ios or android/],
    ['an unknown field', { ...APP_STORE, windows: {} }, /appStore\.windows/],
  ];
  for (const [what, appStore, message] of broken) {
    it(`refuses ${what}, naming the field`, () => {
      expect(() => readAppStore({ appStore })).toThrow(message);
    });
  }
});
