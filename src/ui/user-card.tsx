import { useState, type ReactNode } from 'react';

type UserCardProps = {
  name: string;
  avatarUrl?: string | null;
  fallbackUrl: string;
  /** The picture's text alternative, which then says the name; without it the picture is decorative. */
  avatarAlt?: string;
  children?: ReactNode;
};

/** Avatar (the default picture if it fails to load) and name; a screen reader hears the name once. */
export function UserCard({ name, avatarUrl, fallbackUrl, avatarAlt, children }: UserCardProps) {
  const [failed, setFailed] = useState(false);
  const src = !avatarUrl || failed ? fallbackUrl : avatarUrl;
  return (
    <div className="user-card">
      <img
        className="user-card__avatar"
        src={src}
        alt={avatarAlt ?? ''}
        width={56}
        height={56}
        onError={() => setFailed(true)}
      />
      <div className="user-card__body">
        <p className="user-card__name" aria-hidden={avatarAlt ? true : undefined}>
          {name}
        </p>
        {children}
      </div>
    </div>
  );
}
