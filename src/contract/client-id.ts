// The app's OAuth client id when its config names none (docs/identity-providers.md).
export const DEFAULT_CLIENT_ID = 'my-account';
