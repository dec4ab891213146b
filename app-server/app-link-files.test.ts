import { describe, expect, it } from 'vitest';
import { APP_STORE, FINGERPRINT } from './test/app-store.ts';
import { wellKnownFiles } from './app-link-files.ts';

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
