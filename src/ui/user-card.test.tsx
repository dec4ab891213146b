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
    expect(screen.getByText('Anna Bakker')).toBeTruthy();
  });

  it('uses the default picture when the user has none', () => {
    render(<UserCard name="Noor" avatarUrl={null} fallbackUrl="/assets/img/default_profile.svg" avatarAlt="Noor" />);
    expect(screen.getByRole('img', { name: 'Noor' }).getAttribute('src')).toBe('/assets/img/default_profile.svg');
  });
});
