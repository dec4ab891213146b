import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStored } from '../storage/web-storage.ts';
import {
  addressOf,
  ANNA,
  bikeRequests,
  bikeService,
  buttonNames,
  gate,
  mainText,
  pageTitled,
  passRetries,
  renderApp,
  services,
  SOFIE_INVITE,
  startServices,
} from '../test/render-app.tsx';
import { takeOver } from '../early/take-over.ts';
import { afterMicrotasks } from '../test/microtasks.ts';
import { SLIDE_OUT_MS } from '../ui/use-slide-out.ts';
import { handOverTaps } from '../contract/page-protocol.ts';
import type { BikeInvite } from '../invite/invite-api.ts';

startServices();

const CODE = 'K7MQ-9XPA';
const INVITE = `/my-account/invite/${CODE}`;
const ACCEPTED = { invite_code: CODE, is_accepted: true };
const NETWORK = "We couldn't reach the service. Check your connection and try again.";
const SERVICE_FAILED = 'The service ran into a problem. Please try again in a moment.';

const inviteHeading = () =>
  screen.findByRole('heading', { level: 2, name: 'Sofie de Vries invites you to use the bike “Family cargo bike”.' });
/** The step card's heading: the one h2 of the page. */
const stepHeading = () => screen.getByRole('heading', { level: 2 }).textContent;
const photo = () => screen.getByRole('img', { name: 'Photo of Family cargo bike' });
const leaving = (button: HTMLElement) => button.closest('.step-card')!.classList.contains('step-card--leaving');
const dimmed = (element: Element) => element.closest('.card')?.classList.contains('card--dimmed');

describe('invite page', () => {
  it('pending: the owner, the bike, and Decline left of Accept; the code is stored', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    renderApp(INVITE);
    await inviteHeading();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("You've been invited");
    expect(screen.getByText('Sofie de Vries', { selector: '.user-card__name' }).closest('.owner-card')).not.toBeNull();
    expect([photo().getAttribute('src'), dimmed(photo())]).toEqual([SOFIE_INVITE.bike_image_url, false]);
    expect(buttonNames()).toEqual(['Decline', 'Accept']);
    // The title is set once the page is committed, which may come after its heading is in the document.
    await waitFor(() => expect(document.title).toBe('Sofie de Vries invites you to use “Family cargo bike”'));
    expect(readStored('invite_code')).toBe(CODE);
  });

  it('a loan with an end: the invite says until when, before it is accepted, the date kept together', async () => {
    services.use(bikeService.invite(CODE, { ...SOFIE_INVITE, access_until: '2030-03-04' }));
    renderApp(INVITE);
    const text =
      'Sofie de Vries invites you to use the bike “Family cargo bike”. You can ride it up to and including Monday, March 4,\u00a02030.';
    const heading = await screen.findByRole('heading', { level: 2, name: /up to and including/ });
    expect([heading.textContent, heading.nextElementSibling?.textContent]).toEqual([`Sofie de Vries${text}`, text]);
  });

  it('Accept slides the card out for 500 ms, then asks to sign in, the acceptance stored', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    renderApp(INVITE);
    const accept = await screen.findByRole<HTMLButtonElement>('button', { name: 'Accept' });
    // The clock stands still from the tap on (fireEvent: user-event waits on the clock between events).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    fireEvent.click(accept);
    expect(accept.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Decline' }).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(SLIDE_OUT_MS - 1));
    expect(readStored('is_accepted')).toBeUndefined();
    expect(screen.queryByRole('heading', { name: 'Log in to continue' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(readStored('is_accepted')).toBe(true);
    await act(() => vi.runOnlyPendingTimersAsync()); // React's own work, which jsdom schedules with setTimeout
    const prompt = screen.getByRole('heading', { level: 2, name: 'Log in to continue' });
    expect(document.activeElement).toBe(prompt);
  });

  it('Accept and Confirm: the card starts sliding in the tap’s own task, the step change rendered after it as a transition', async () => {
    services.use(
      bikeService.invite(CODE, SOFIE_INVITE),
      bikeService.account(),
      bikeService.redeem(CODE, { ...SOFIE_INVITE, status: 'accepted' }),
    );
    const { session } = renderApp(INVITE);
    const accept = await screen.findByRole<HTMLButtonElement>('button', { name: 'Accept' });
    // The tap is the browser's, not the test's act() scope (src/test-setup.ts resets it).
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    accept.click();
    expect([leaving(accept), accept.disabled]).toEqual([true, false]);
    await waitFor(() => expect(accept.disabled).toBe(true));
    await screen.findByRole('heading', { level: 2, name: 'Log in to continue' });
    session.store.set({ status: 'authenticated', user: ANNA });
    const confirm = await screen.findByRole<HTMLButtonElement>('button', { name: 'Confirm' });
    confirm.click();
    expect([leaving(confirm), confirm.disabled]).toEqual([true, false]);
    await waitFor(() => expect(confirm.disabled).toBe(true));
    await pageTitled('Invite accepted');
  });

  it('with reduced motion, Accept shows the sign-in prompt at once', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    const { user } = renderApp(INVITE, { reducedMotion: true });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(stepHeading()).toBe('Log in to continue');
    expect(buttonNames()).toEqual(['Log in']);
  });

  it('a Log in kept by the early page on the upcoming card: the invite accepted and busy at once, the login step after', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    const { app } = renderApp(INVITE);
    await inviteHeading();
    const login = screen.getByRole<HTMLButtonElement>('button', { name: 'Log in', hidden: true });
    handOverTaps({ take: () => [{ button: login, at: performance.now() }] });
    // Taps made from here on are the browser's, not the test's act() scope (src/test-setup.ts resets it).
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      takeOver(app.tapReplay);
      await afterMicrotasks();
      // The button's own look and the acceptance stored in the replay's task (the sign-in may leave the
      // page before another task runs); the page's step not yet.
      expect([login.getAttribute('aria-busy'), login.disabled, readStored('is_accepted')]).toEqual([
        'true',
        true,
        true,
      ]);
      expect(screen.queryByRole('heading', { level: 2, name: 'Log in to continue' })).toBeNull();
      // The same button, now the login step's (where the identity service's address is made, which
      // jsdom cannot: the sign-in itself is end-to-end's, e2e/server-rendering.spec.ts).
      await waitFor(() => expect(stepHeading()).toBe('Log in to continue'));
      expect([readStored('is_accepted'), login.isConnected]).toEqual([true, true]);
      await waitFor(() => expect(login.disabled).toBe(false));
    } finally {
      handOverTaps(undefined);
    }
  });

  it('accepted, signed out: a sign-in prompt with one Log in button', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    renderApp(INVITE, { stored: ACCEPTED });
    await screen.findByRole('heading', { level: 2, name: 'Log in to continue' });
    expect(stepHeading()).toBe('Log in to continue');
    expect(mainText()).toContain('Log in or create an account to add the bike to your account.');
    expect(buttonNames()).toEqual(['Log in']);
    expect(dimmed(photo())).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('accepted, back from a login without a session: the prompt says so in a red alert', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    renderApp(`${INVITE}?error=login.failed`, { stored: ACCEPTED });
    await screen.findByText("Logging in didn't work. Please try again.");
    expect(screen.getByRole('alert').textContent).toBe("Logging in didn't work. Please try again.");
    expect(buttonNames()).toEqual(['Log in']);
  });

  it('accepted and signed in: the user’s name and picture, Log out left of Confirm', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    renderApp(INVITE, { stored: ACCEPTED, signedInAs: ANNA });
    await screen.findByRole('heading', { level: 2, name: 'Almost done' });
    expect(stepHeading()).toBe('Almost done');
    expect(screen.getByRole('img', { name: 'Profile picture of Anna Bakker' }).getAttribute('src')).toBe(
      ANNA.avatar_url,
    );
    expect(mainText()).toContain('Confirm to add the bike “Family cargo bike” to your account.');
    expect(buttonNames()).toEqual(['Log out', 'Confirm']);
  });

  it('the user arriving after a sign-in: the Confirm card is rendered after the task that brought them, not in it', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    const { session } = renderApp(INVITE, { stored: ACCEPTED });
    act(() => session.store.set({ status: 'checking', user: undefined }));
    await screen.findByRole('img', { name: 'Photo of Family cargo bike' });
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull(); // the placeholder card
    // The user's arrival is the browser's event, not the test's act() scope (src/test-setup.ts resets it).
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    session.store.set({ status: 'authenticated', user: ANNA });
    await afterMicrotasks();
    expect(screen.queryByRole('heading', { level: 2, name: 'Almost done' })).toBeNull();
    await waitFor(() => expect(stepHeading()).toBe('Almost done'));
    expect(buttonNames()).toEqual(['Log out', 'Confirm']);
  });

  it('Log out on the confirm card: back to the sign-in prompt, the invite kept', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    const { user } = renderApp(INVITE, { stored: ACCEPTED, signedInAs: ANNA });
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { level: 2, name: 'Log in to continue' });
    expect(buttonNames()).toEqual(['Log in']);
    expect(readStored('access_token')).toBeUndefined();
    expect([readStored('invite_code'), readStored('is_accepted')]).toEqual([CODE, true]);
  });

  it('Log out takes the Confirm card away in the tap’s own task: no Confirm left to tap without a session', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    renderApp(INVITE, { stored: ACCEPTED, signedInAs: ANNA });
    const logout = await screen.findByRole('button', { name: 'Log out' });
    // The tap is the browser's, not the test's act() scope (src/test-setup.ts resets it).
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    logout.click();
    await afterMicrotasks();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(stepHeading()).toBe('Log in to continue');
  });

  it('Confirm: a spinner while the invite is redeemed, one redeem for a double tap, then the accepted page', async () => {
    const redeemed = gate();
    let uses = 0;
    services.use(
      bikeService.invite(CODE, SOFIE_INVITE),
      bikeService.account(),
      bikeService.redeem(CODE, { ...SOFIE_INVITE, status: 'accepted' }, redeemed.wait, () => uses++),
    );
    const { user, router } = renderApp(INVITE, { stored: ACCEPTED, signedInAs: ANNA, reducedMotion: true });
    await user.dblClick(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loading…');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    redeemed.open();
    expect(await pageTitled('Invite accepted')).toEqual(['h1 Invite accepted', "h2 You're all set!"]);
    expect(addressOf(router)).toBe(`${INVITE}/accepted`);
    expect(mainText()).toContain('Sofie de Vries now shares “Family cargo bike” with you.');
    expect(uses).toBe(1);
    expect(readStored('invite_code')).toBeUndefined();
    // The page is whole once its QR code (a module loaded on the way) is drawn: not in a later test.
    await screen.findByRole('img', { name: 'QR code with the address for downloading the app' });
  });

  it("an e-moped's invite at a brand of bikes: the accepted page names the e-moped, as the steps before did", async () => {
    const moped = { ...SOFIE_INVITE, type: 'e-moped' as const };
    services.use(
      bikeService.invite(CODE, moped),
      bikeService.account(),
      bikeService.redeem(CODE, { ...moped, status: 'accepted' }),
    );
    const { user } = renderApp(INVITE, { stored: ACCEPTED, signedInAs: ANNA, reducedMotion: true });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await pageTitled('Invite accepted')).toEqual(['h1 Invite accepted', "h2 You're all set!"]);
    expect(mainText()).toContain('The e-moped has been added to your account.');
    await screen.findByRole('img', { name: 'QR code with the address for downloading the app' });
  });

  it('Confirm: the account known before the tap, the invite redeemed while the card slides out, then the accepted page', async () => {
    let leavingAtRedeem: boolean | undefined;
    services.use(
      bikeService.invite(CODE, SOFIE_INVITE),
      bikeService.account(),
      bikeService.redeem(CODE, { ...SOFIE_INVITE, status: 'accepted' }, undefined, () => {
        leavingAtRedeem = document.querySelector('.step-card--leaving') !== null;
      }),
    );
    const requests = bikeRequests();
    const { user } = renderApp(INVITE, { stored: ACCEPTED, signedInAs: ANNA });
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(requests).toContain('GET user/me'));
    const beforeTap = requests.length;
    await user.click(confirm);
    expect(await pageTitled('Invite accepted')).toEqual(['h1 Invite accepted', "h2 You're all set!"]);
    expect(requests.slice(beforeTap)).toEqual([`POST bike/invite-code/${CODE}/use`]);
    expect(leavingAtRedeem).toBe(true);
  });

  it('an invitee new to the bike service: the account made while the session is checked, and Confirm’s redeem one call', async () => {
    let leavingAtRedeem: boolean | undefined;
    services.use(
      bikeService.invite(CODE, SOFIE_INVITE),
      ...bikeService.newAccount(),
      bikeService.redeem(CODE, { ...SOFIE_INVITE, status: 'accepted' }, undefined, () => {
        leavingAtRedeem = document.querySelector('.step-card--leaving') !== null;
      }),
    );
    const requests = bikeRequests();
    const confirmed = gate();
    const { user } = renderApp(INVITE, { stored: ACCEPTED, signedInAs: ANNA, userHeld: confirmed.wait });
    await waitFor(() => expect(requests).toEqual(['GET bike/invite-code/' + CODE, 'GET user/me', 'POST user']));
    confirmed.open();
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    const beforeTap = requests.length;
    await user.click(confirm);
    await pageTitled('Invite accepted');
    expect(requests.slice(beforeTap)).toEqual([`POST bike/invite-code/${CODE}/use`]);
    expect(leavingAtRedeem).toBe(true);
  });

  it('Confirm by a rider the owner has since removed: says the owner has taken the bike back, not that they are in', async () => {
    services.use(
      bikeService.invite(CODE, SOFIE_INVITE),
      bikeService.account(),
      bikeService.redeemRefused(CODE, 410, 'urn:bike-invite:problem:rider-removed'),
    );
    const { user, router } = renderApp(INVITE, { stored: ACCEPTED, signedInAs: ANNA, reducedMotion: true });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const title = 'The owner has taken this bike back';
    expect(await pageTitled(title)).toEqual([`h1 ${title}`]);
    expect(addressOf(router)).toBe(`${INVITE}/invalid?reason=taken-back`);
  });

  it.each([
    ['failing (503): says the service failed', { status: 503 }, SERVICE_FAILED],
    ['unreachable: says to check the connection', 'no answer' as const, NETWORK],
  ])('the service %s, after three retries, with Try again, which shows the invite', async (_, answer, text) => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let reads = 0;
    services.use(bikeService.invite(CODE, answer, undefined, () => reads++));
    const { user } = renderApp(INVITE);
    await passRetries(() => reads);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(text));
    expect(reads).toBe(4);
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    await inviteHeading();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(buttonNames()).toEqual(['Decline', 'Accept']);
  });

  it('an answer off the contract (no owner name): tried again like no answer, then a message with Try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let reads = 0;
    const { owner_display_name: _, ...nameless } = SOFIE_INVITE;
    services.use(
      bikeService.invite(
        CODE,
        { ...nameless, owner_display_name: 42 } as unknown as BikeInvite,
        undefined,
        () => reads++,
      ),
    );
    renderApp(INVITE);
    await passRetries(() => reads);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(SERVICE_FAILED));
    expect(reads).toBe(4);
  });

  it.each([
    [{ status: 404 }, 'unknown', 'Invite not found'],
    [{ status: 410, invite_status: 'expired' }, 'expired', 'This invite has expired'],
    [{ status: 410, invite_status: 'revoked' }, 'revoked', 'This invite was withdrawn'],
    [{ status: 409 }, 'unusable', "This invite can't be used"],
  ])(
    'an answer %o goes to the invalid page (%s), and the stored invite is forgotten',
    async (answer, reason, title) => {
      services.use(bikeService.invite(CODE, answer));
      const { router } = renderApp(INVITE, { stored: ACCEPTED });
      expect(await pageTitled(title)).toEqual([`h1 ${title}`]);
      expect(addressOf(router)).toBe(`${INVITE}/invalid?reason=${reason}`);
      expect(mainText()).toContain(`“${CODE}”`);
      expect(readStored('is_accepted')).toBeUndefined(); // a later sign-in does not redeem it
      expect(readStored('invite_code')).toBeUndefined();
    },
  );

  it('an invite already accepted goes to the previously-accepted page', async () => {
    services.use(bikeService.invite(CODE, { ...SOFIE_INVITE, status: 'accepted' }));
    const { router } = renderApp(INVITE);
    expect(await pageTitled('Invite already used')).toEqual([
      'h1 Invite already used',
      "h2 This invite can't be used anymore",
    ]);
    expect(addressOf(router)).toBe(`${INVITE}/previously-accepted`);
  });

  it('a code that cannot be one goes to the invalid page without asking the service', async () => {
    const { router } = renderApp('/my-account/invite/not%20a%20code');
    expect(await pageTitled('Invite not found')).toEqual(['h1 Invite not found']);
    expect(addressOf(router)).toBe('/my-account/invite/not%20a%20code/invalid?reason=unknown');
  });
});
