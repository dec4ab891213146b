import { useState, type ReactNode } from 'react';

type UserCardProps = {
  name: string;
  avatarUrl?: string | null;
  fallbackUrl: string;
  avatarAlt: string;
  children?: ReactNode;
};

/** Avatar and display name; the avatar falls back to the default picture when it fails to load. */
export function UserCard({ name, avatarUrl, fallbackUrl, avatarAlt, children }: UserCardProps) {
  const [failed, setFailed] = useState(false);
  const src = !avatarUrl || failed ? fallbackUrl : avatarUrl;
  return (
    <div className="user-card">
      <img
        className="user-card__avatar"
        src={src}
        alt={avatarAlt}
        width={56}
        height={56}
        onError={() => setFailed(true)}
      />
      <div className="user-card__body">
        <p className="user-card__name">{name}</p>
        {children}
      </div>
    </div>
  );
}
