import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStored } from '../storage/web-storage.ts';
import {
  addressOf,
  bikeService,
  buttonNames,
  linkTarget,
  ORIGIN,
  pageTitled,
  passRetries,
  renderApp,
  services,
  SOFIE_INVITE,
  TEST_CONFIG,
  startServices,
} from '../test/render-app.tsx';

startServices();

const CODE = 'K7MQ-9XPA';
const INVITE = `/my-account/invite/${CODE}`;
const DECLINE = `${INVITE}/decline`;
const DECLINED = 'You declined the invite from Sofie de Vries. Changed your mind? You can still go back and accept it.';

const dimmed = (element: Element) => element.closest('.card')?.classList.contains('card--dimmed');

describe('decline page', () => {
  it('the owner and the bike greyed, the declined text and a way back; nothing stored or sent', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE)); // any other request fails the test
    renderApp(DECLINE);
    await screen.findByText(DECLINED);
    expect(await pageTitled('Invite declined')).toEqual(['h1 Invite declined']);
    const owner = screen.getByText('Sofie de Vries', { selector: '.user-card__name' });
    const photo = screen.getByRole('img', { name: 'Photo of Family cargo bike' });
    expect([dimmed(owner), dimmed(photo)]).toEqual([true, true]);
    expect(linkTarget('Back to the invite')).toBe(INVITE);
    expect(readStored('invite_code')).toBeUndefined();
  });

  it('Back to the invite shows the invite with Decline and Accept again', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    const { user, router } = renderApp(DECLINE);
    await user.click(await screen.findByRole('link', { name: 'Back to the invite' }));
    await screen.findByRole('button', { name: 'Accept' });
    expect(buttonNames()).toEqual(['Decline', 'Accept']);
    expect(addressOf(router)).toBe(INVITE);
  });

  it('Decline and back again within half a minute read the invite once: the app keeps what it read', async () => {
    let reads = 0;
    services.use(bikeService.invite(CODE, SOFIE_INVITE, undefined, () => reads++));
    const { user, router } = renderApp(INVITE);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await screen.findByText(DECLINED);
    await user.click(screen.getByRole('link', { name: 'Back to the invite' }));
    await screen.findByRole('button', { name: 'Accept' });
    expect([addressOf(router), reads]).toEqual([INVITE, 1]);
  });

  it.each([
    ['Android', TEST_CONFIG.appLink.android],
    ['iOS', TEST_CONFIG.appLink.ios],
  ] as const)('on %s, a link to the app in that store, and no QR code', async (device, store) => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    renderApp(DECLINE, { device });
    expect((await screen.findByRole('link', { name: 'Get the app' })).getAttribute('href')).toBe(store);
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('on a phone of a brand without a store link, no link to the app', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    renderApp(DECLINE, { device: 'Android', config: { appLink: { ...TEST_CONFIG.appLink, android: '' } } });
    await screen.findByText(DECLINED);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Back to the invite']);
  });

  it('on a computer, a QR code of the app-download page, and no store link', async () => {
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    renderApp(DECLINE, { device: 'Windows' });
    const qr = within(await screen.findByRole('figure', { name: 'Get the app on your phone' }));
    const address = `${ORIGIN}/my-account/app-download`;
    expect(qr.getByRole('link', { name: `App download page: ${address}` }).getAttribute('href')).toBe(address);
    const code = await qr.findByRole('img', { name: 'QR code with the address for downloading the app' });
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/); // the code is drawn
    expect(screen.queryByRole('link', { name: 'Get the app' })).toBeNull();
  });

  it('the service failing: after the retries, a message with Try again, which shows the page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let reads = 0;
    services.use(bikeService.invite(CODE, { status: 503 }, undefined, () => reads++));
    const { user } = renderApp(DECLINE);
    await passRetries(() => reads);
    const alert = within(await screen.findByRole('alert'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'The service ran into a problem. Please try again in a moment.',
      ),
    );
    services.use(bikeService.invite(CODE, SOFIE_INVITE));
    await user.click(alert.getByRole('button', { name: 'Try again' }));
    await screen.findByText(DECLINED);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an unknown code goes to the invalid page, and the stored code is forgotten', async () => {
    services.use(bikeService.invite(CODE, { status: 404 }));
    const { router } = renderApp(DECLINE, { stored: { invite_code: CODE, is_accepted: true } });
    expect(await pageTitled('Invite not found')).toEqual(['h1 Invite not found']);
    expect(addressOf(router)).toBe(`${INVITE}/invalid?reason=unknown`);
    expect([readStored('invite_code'), readStored('is_accepted')]).toEqual([undefined, undefined]);
  });

  it('an expired invite goes to the invalid page, which says so', async () => {
    services.use(bikeService.invite(CODE, { ...SOFIE_INVITE, status: 'expired' }));
    const { router } = renderApp(DECLINE);
    expect(await pageTitled('This invite has expired')).toEqual(['h1 This invite has expired']);
    expect(addressOf(router)).toBe(`${INVITE}/invalid?reason=expired`);
  });

  it('an invite already used goes to the previously-accepted page, and another stored code is kept', async () => {
    services.use(bikeService.invite(CODE, { ...SOFIE_INVITE, status: 'accepted' }));
    const { router } = renderApp(DECLINE, { stored: { invite_code: 'OTHER-CODE' } });
    expect(await pageTitled('Invite already used')).toEqual([
      'h1 Invite already used',
      "h2 This invite can't be used anymore",
    ]);
    expect(addressOf(router)).toBe(`${INVITE}/previously-accepted`);
    expect(readStored('invite_code')).toBe('OTHER-CODE');
  });
});
