import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mainText, pageTitled, renderApp, startServices } from '../test/render-app.tsx';

startServices(); // no handlers: the page asks no service, and any request fails the test

describe('invalid page', () => {
  it('without a reason: the invite was not found, and the message names the code', async () => {
    renderApp('/my-account/invite/AB12CD/invalid');
    expect(await pageTitled('Invite not found')).toEqual(['h1 Invite not found']);
    expect(mainText()).toBe(
      "We couldn't find an invite with the code “AB12CD”. Check the link you received, or ask the owner to send you a new invite.",
    );
  });

  it.each([
    ['expired', 'This invite has expired', 'The invite with the code “AB12CD” is no longer valid.'],
    ['revoked', 'This invite was withdrawn', 'The owner has withdrawn the invite with the code “AB12CD”.'],
    ['unusable', "This invite can't be used", 'The invite with the code “AB12CD” can no longer be used.'],
    [
      'taken-back',
      'The owner has taken this bike back',
      'The owner has removed you as a rider, so the invite with the code “AB12CD” no longer gives you access.',
    ],
  ])('reason=%s: says so, and what to do', async (reason, title, text) => {
    renderApp(`/my-account/invite/AB12CD/invalid?reason=${reason}`);
    expect(await pageTitled(title)).toEqual([`h1 ${title}`]);
    expect(mainText()).toMatch(new RegExp(`^${text} .*ask the owner to send you a new invite\\.$`, 'i'));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each([
    [
      'own-invite',
      'This is your own invite',
      'Send the link to the person who will ride. The invite “AB12CD” stays open for them.',
    ],
    [
      'already-rider',
      'You already ride this one',
      "Nothing changed: the invite “AB12CD” stays open for the person it was meant for. You'll find it under “Shared with you” on your home page.",
    ],
  ])('reason=%s: says the invite is left open, and leads home', async (reason, title, text) => {
    renderApp(`/my-account/invite/AB12CD/invalid?reason=${reason}`);
    expect(await pageTitled(title)).toEqual([`h1 ${title}`]);
    expect(mainText()).toBe(`${text}Go to your home page`);
    fireEvent.click(screen.getByRole('link', { name: 'Go to your home page' }));
    expect(await pageTitled('Log in')).toEqual(['h1 Log in']);
  });

  it('a reason it does not know reads as an unknown code', async () => {
    renderApp('/my-account/invite/AB12CD/invalid?reason=%3Cb%3Eaccepted%3C%2Fb%3E');
    expect(await pageTitled('Invite not found')).toEqual(['h1 Invite not found']);
    expect(mainText()).toContain('“AB12CD”');
  });

  it('shows the code from the address as text, never as markup', async () => {
    const code = '<img src=x onerror=alert(1)>';
    renderApp(`/my-account/invite/${encodeURIComponent(code)}/invalid`);
    const message = await screen.findByText((content) => content.includes(`“${code}”`));
    expect(message.textContent).toContain(code);
    expect(screen.getByRole('main').querySelector('img')).toBeNull();
  });
});
