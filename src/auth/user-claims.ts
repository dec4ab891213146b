import type { User } from './token-store.ts';

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The user a lookup's answer names, else undefined (docs/behaviour/sign-in-and-session.md#a-standard-openid-connect-provider). */
export function userFromClaims(answer: unknown): User | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const claims = answer as Record<string, unknown>;
  const email = text(claims.email);
  const displayName = text(claims.display_name) ?? text(claims.name) ?? text(claims.preferred_username) ?? email;
  if (!displayName) return undefined;
  const avatarUrl = text(claims.avatar_url) ?? text(claims.picture);
  return {
    display_name: displayName,
    ...(avatarUrl ? { avatar_url: avatarUrl } : claims.avatar_url === null ? { avatar_url: null } : {}),
    ...(email ? { email } : {}),
  };
}
