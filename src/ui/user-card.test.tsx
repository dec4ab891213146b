import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserCard } from './user-card.tsx';

describe('UserCard', () => {
  it('shows the avatar, and the default picture when it fails to load', () => {
    render(
      <UserCard
        name="Anna Bakker"
        avatarUrl="/media/avatars/anna.jpg"
        fallbackUrl="/assets/img/default_profile.svg"
        avatarAlt="Anna"
      />,
    );
    const avatar = screen.getByRole('img', { name: 'Anna' });
    expect(avatar.getAttribute('src')).toBe('/media/avatars/anna.jpg');
    fireEvent.error(avatar);
    expect(avatar.getAttribute('src')).toBe('/assets/img/default_profile.svg');
    expect(screen.getByText('Anna Bakker').getAttribute('aria-hidden')).toBe('true'); // the picture names her
  });

  it('uses the default picture when the user has none', () => {
    render(<UserCard name="Noor" avatarUrl={null} fallbackUrl="/assets/img/default_profile.svg" avatarAlt="Noor" />);
    expect(screen.getByRole('img', { name: 'Noor' }).getAttribute('src')).toBe('/assets/img/default_profile.svg');
  });

  it('says the name once: from a named picture, or else from the text beside a decorative one', () => {
    const { unmount } = render(
      <UserCard name="Anna Bakker" avatarUrl={null} fallbackUrl="/p.svg" avatarAlt="Profile picture of Anna Bakker" />,
    );
    expect(screen.getByRole('img', { name: 'Profile picture of Anna Bakker' }).getAttribute('src')).toBe('/p.svg');
    expect(screen.getByText('Anna Bakker').getAttribute('aria-hidden')).toBe('true');
    unmount();
    render(<UserCard name="Sofie de Vries" avatarUrl="/bike.jpg" fallbackUrl="/p.svg" />);
    expect(screen.queryByRole('img')).toBeNull(); // alt="": presentation
    expect(screen.getByText('Sofie de Vries').getAttribute('aria-hidden')).toBeNull();
  });
});
