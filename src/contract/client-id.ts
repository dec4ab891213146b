// The app's OAuth client id when its config names none, which the reference identity services
// register (docs/identity-providers.md).
export const DEFAULT_CLIENT_ID = 'my-account';
