import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStored } from '../storage/web-storage.ts';
import {
  addressOf,
  ANNA,
  bikeService,
  buttonNames,
  gate,
  pageTitled,
  renderApp,
  services,
  SOFIE_INVITE,
  startServices,
} from '../test/render-app.tsx';

startServices();

const CODE = 'K7MQ-9XPA';
const FAILED = "Logging in didn't work. Please try again.";

describe('login page', () => {
  it('signed out: the title and one Log in button, no alert', async () => {
    renderApp('/my-account/');
    expect(await pageTitled('Log in')).toEqual(['h1 Log in']);
    expect(buttonNames()).toEqual(['Log in']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with error=login.failed: its translated text in a red alert', async () => {
    renderApp('/my-account/login?error=login.failed');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(FAILED));
    expect(screen.getByRole('alert').className).toBe('alert');
    expect(buttonNames()).toEqual(['Log in']);
  });

  it('with an error it does not know: a generic message, never the raw text', async () => {
    renderApp('/my-account/?error=%3Cb%3EYou%20won%20a%20bike%3C%2Fb%3E');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.'));
    expect(screen.queryByText(/You won a bike/)).toBeNull();
  });

  it('a spinner while the stored session is checked, then the greeting with the name, the user card and Log out', async () => {
    const confirmed = gate();
    renderApp('/my-account/', { signedInAs: ANNA, userHeld: confirmed.wait });
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    expect(screen.queryByRole('button')).toBeNull();
    confirmed.open();
    await screen.findByRole('heading', { level: 2, name: 'Hello, Anna Bakker!' });
    // Until the bike service answers that it has no owner calls, "Your bikes" shows its spinner.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(await pageTitled('My account')).toEqual(['h1 My account', 'h2 Hello, Anna Bakker!']);
    expect(screen.getByRole('img', { name: 'Profile picture of Anna Bakker' }).getAttribute('src')).toBe(
      ANNA.avatar_url,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Log out']);
    // The owner's side asks the bike service, which has only the spec's calls here, then shows nothing.
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('Log out: the Log in button again; the session keys go, the invite in progress stays', async () => {
    const { user } = renderApp('/my-account/', { signedInAs: ANNA, stored: { invite_code: CODE } });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByRole('button', { name: 'Log in' });
    expect(buttonNames()).toEqual(['Log in']);
    expect(screen.queryByRole('heading', { name: 'Hello, Anna Bakker!' })).toBeNull();
    expect([readStored('access_token'), readStored('refresh_token'), readStored('user')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(readStored('invite_code')).toBe(CODE);
  });

  it('on /login, a signed-in user is sent to the root', async () => {
    const { router } = renderApp('/my-account/login', { signedInAs: ANNA });
    await screen.findByRole('heading', { level: 2, name: 'Hello, Anna Bakker!' });
    expect(buttonNames()).toEqual(['Log out']);
    // The router writes the root without its slash; the page sends the user there from an effect.
    await vi.waitFor(() => expect(addressOf(router)).toBe('/my-account'));
  });

  it('signed in with an accepted invite stored: a spinner, the redeem, then the accepted page', async () => {
    const redeemed = gate();
    let uses = 0;
    services.use(
      bikeService.account(),
      bikeService.redeem(CODE, { ...SOFIE_INVITE, status: 'accepted' }, redeemed.wait, () => uses++),
    );
    const { router } = renderApp('/my-account/', {
      signedInAs: ANNA,
      stored: { invite_code: CODE, is_accepted: true },
    });
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    // Testing Library's wait, not Vitest's: the redeem's own updates may come meanwhile, outside act().
    await waitFor(() => expect(uses).toBe(1));
    expect(screen.queryByRole('heading', { name: 'Hello, Anna Bakker!' })).toBeNull();
    redeemed.open();
    expect(await pageTitled('Invite accepted')).toEqual(['h1 Invite accepted', "h2 You're all set!"]);
    expect(addressOf(router)).toBe(`/my-account/invite/${CODE}/accepted`);
    expect(readStored('invite_code')).toBeUndefined();
  });

  it('signed in with an invite only opened: no redeem, the greeting', async () => {
    renderApp('/my-account/', { signedInAs: ANNA, stored: { invite_code: CODE } }); // a redeem would fail the test
    await screen.findByRole('heading', { level: 2, name: 'Hello, Anna Bakker!' });
    expect(buttonNames()).toEqual(['Log out']);
    expect(readStored('invite_code')).toBe(CODE);
  });
});
