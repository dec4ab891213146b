/** A brand with both mobile apps, for the tests of the app-link files (values in valid formats, not real apps). */
export const FINGERPRINT =
  '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5';

export const APP_STORE = {
  ios: { teamId: 'ABCDE12345', bundleId: 'com.sparta.bikeinvite', appStoreId: '1234567890' },
  android: { packageName: 'com.sparta.bike_invite', sha256CertFingerprints: [FINGERPRINT] },
};
