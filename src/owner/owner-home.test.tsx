import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ANNA, gate, pageTitled, renderApp, services } from '../test/render-app.tsx';
import {
  ANNA_RIDER,
  BRAMS_MOPED,
  CARGO_BIKE,
  CITY_BIKE,
  invite,
  OFFLINE,
  ownerService,
  SOFIE,
  type Seen,
  HOME,
  setUpOwnerTests,
} from '../test/owner-services.ts';
import { shownLines } from '../test/shown-lines.ts';
import type { OwnerBike } from './owner-bikes-query.ts';

setUpOwnerTests();
const bikeCard = async (name: string) =>
  (await screen.findByRole('heading', { level: 3, name })).closest('section') as HTMLElement;
/** The list item of the button named `button`: one rider or invite. */
const rowOf = (card: HTMLElement, button: string) =>
  within(card).getByRole('button', { name: button }).closest('li') as HTMLElement;
/** The names of the riders listed, on every bike. */
const riderNames = () =>
  screen.queryAllByText(/./, { selector: '.owner-list .user-card__name' }).map((name) => name.textContent);
const SLOW = 'This is taking longer than usual…';

describe('the owner’s home page', () => {
  it('lists each bike: photo, name, type, who rides it since when, open invites with their dates, ended ones folded', async () => {
    const bikes = [
      {
        ...CITY_BIKE,
        invites: [
          invite('OPEN-NEW', { note: '\u202EMila\u202C' }, 4, 7), // expires in 3 days; a bidi control shown as none
          invite('OPEN-OLD', {}, 10, 30),
          invite('GONE-EXPIRED', {}, 10, 7), // 3 days ago
          invite('GONE-WITHDRAWN', { status: 'revoked', revoked_at: new Date(Date.now() - 86_400_000).toISOString() }),
          invite(
            'USED',
            {
              status: 'accepted',
              note: 'Anna',
              accepted_at: '2026-05-04T10:00:00.000Z',
              accepted_by: { id: ANNA_RIDER.id, display_name: 'Anna Bakker' },
            },
            2,
          ),
          invite('USED-GONE', { status: 'accepted', accepted_at: '2026-05-01T10:00:00.000Z', accepted_by: null }, 20),
        ],
      },
      CARGO_BIKE,
    ];
    services.use(ownerService.bikes([bikes]), ownerService.shared([[]]));
    const { user } = renderApp(HOME, { signedInAs: SOFIE });
    const cityCard = await bikeCard('Blue city bike');
    expect(await pageTitled('My account')).toEqual([
      'h1 My account',
      'h2 Hello, Sofie de Vries!',
      'h2 Your bikes',
      'h3 Blue city bike',
      'h4 Riders',
      'h4 Invites',
      'h3 Family cargo bike',
      'h4 Riders',
      'h4 Invites',
    ]);

    const city = within(cityCard);
    expect(shownLines(cityCard)).toContain('bike · 1 rider · 2 open invites');
    expect(shownLines(rowOf(cityCard, 'Remove Anna Bakker from “Blue city bike”'))).toEqual([
      'Anna Bakker',
      'Rides since May 4, 2026',
      'Invited as “Anna”',
      'Remove',
    ]);
    expect(shownLines(rowOf(cityCard, 'Share the invite OPEN-NEW')).slice(0, 2)).toEqual(['Open OPEN-NEW', 'For Mila']);
    const open = city.getAllByRole('listitem').filter((item) => item.textContent?.includes('Open'));
    expect(open.map((item) => item.querySelector('code')?.textContent)).toEqual(['OPEN-NEW', 'OPEN-OLD']);
    expect(open[0]?.textContent).toContain('Expires in 3 days');
    expect(open[1]?.textContent).toContain('Expires in 20 days');
    const ended = city.getByText('4 ended invites');
    expect(ended.closest('details')?.open).toBe(false);
    expect(shownLines(cityCard)).not.toContain('Expired 3 days ago');
    await user.click(ended);
    expect(ended.closest('details')?.open).toBe(true);
    expect(shownLines(ended.closest('details')!)).toEqual([
      '4 ended invites',
      'Withdrawn GONE-WITHDRAWN',
      'Withdrawn yesterday',
      'Accepted USED',
      'For Anna',
      'Accepted by Anna Bakker on May 4, 2026',
      'Expired GONE-EXPIRED',
      'Expired 3 days ago',
      'Accepted USED-GONE',
      'Accepted on May 1, 2026', // its account since deleted
    ]); // newest first
    expect(city.getByRole('button', { name: 'Invite someone to ride “Blue city bike”' }).textContent).toBe(
      'Invite someone',
    );

    expect(shownLines(await bikeCard('Family cargo bike'))).toEqual([
      'Family cargo bike',
      'bike · 0 riders · 0 open invites',
      'Riders',
      'No one else rides it yet.',
      'Invites',
      'No open invites.',
      'Invite someone',
    ]);
    expect(screen.queryByRole('heading', { name: 'Shared with you' })).toBeNull();
  });

  it('many invites: each open one listed with its own Share and Withdraw', async () => {
    const many = Array.from({ length: 12 }, (_, i) => invite(`MANY-${String(i).padStart(2, '0')}`, {}, 1 + i / 100));
    services.use(ownerService.bikes([[{ ...CITY_BIKE, invites: many }]]), ownerService.shared([[]]));
    renderApp(HOME, { signedInAs: SOFIE });
    const cityCard = await bikeCard('Blue city bike');
    const city = within(cityCard);
    expect(shownLines(cityCard)).toContain('bike · 1 rider · 12 open invites');
    expect(city.getAllByRole('button', { name: /^Withdraw the invite MANY-/ })).toHaveLength(12);
    expect(shownLines(rowOf(cityCard, 'Share the invite MANY-11'))).toEqual([
      'Open MANY-11',
      expect.stringMatching(/^Created .* · Expires in 6 days$/),
      'Share',
      'Withdraw',
    ]);
  });

  it('a stored session: the bikes are read while it is checked, and shown as soon as it is confirmed', async () => {
    const confirmed = gate();
    const seen: Seen = [];
    services.use(ownerService.bikes([[CITY_BIKE]], seen), ownerService.shared([[]]));
    renderApp(HOME, { signedInAs: SOFIE, userHeld: confirmed.wait });
    const bikeReads = () => seen.filter((request) => request.path.endsWith('/bike')).length;
    await waitFor(() => expect(bikeReads()).toBe(1));
    expect(screen.queryByRole('heading', { level: 3 })).toBeNull(); // nothing of it shown before the session is
    confirmed.open();
    await bikeCard('Blue city bike');
    expect(bikeReads()).toBe(1);
  });

  it('no bikes and none shared: says so and how one is added', async () => {
    services.use(ownerService.bikes([[]]), ownerService.shared([[]]));
    renderApp(HOME, { signedInAs: ANNA });
    await screen.findByText(/^You don't have a bike here yet/);
    expect(shownLines(screen.getByRole('region', { name: 'Your bikes' }))).toEqual([
      'Your bikes',
      'Refresh',
      "You don't have a bike here yet. Once you've added your bike in the app, you can share it from here too.",
    ]);
  });

  it('an account that only rides: not told it has no bike, but where the ones it rides are', async () => {
    services.use(ownerService.bikes([[]]), ownerService.shared([[BRAMS_MOPED]]));
    renderApp(HOME, { signedInAs: ANNA });
    const moped = await bikeCard('Red e-moped');
    expect(shownLines(screen.getByRole('region', { name: 'Your bikes' }))).toEqual([
      'Your bikes',
      'Refresh',
      "You don't own a bike here, so there is nothing to share yet. The bikes you ride are under “Shared with you”.",
    ]);
    expect(shownLines(screen.getByRole('region', { name: 'Shared with you' }))).toEqual([
      'Shared with you',
      'Red e-moped',
      'Shared by Bram Jansen on May 2, 2026',
      'Stop riding',
    ]);
    expect(within(moped).getByRole('button', { name: 'Stop riding “Red e-moped”' }).textContent).toBe('Stop riding');
  });

  it('a bike service with only the spec’s calls: the greeting, the user card and Log out, nothing broken', async () => {
    const seen: Seen = [];
    services.use(ownerService.bikes([{ status: 404 }], seen), ownerService.shared([{ status: 404 }], seen));
    renderApp(HOME, { signedInAs: SOFIE });
    await screen.findByRole('heading', { level: 2, name: 'Hello, Sofie de Vries!' });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull()); // nothing loading, nothing to say
    expect(await pageTitled('My account')).toEqual(['h1 My account', 'h2 Hello, Sofie de Vries!']);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Log out']);
    expect(screen.queryByRole('heading', { name: 'Your bikes' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a service whose bikes have no riders and that cannot list shared bikes: the rest works', async () => {
    const { riders: _, ...withoutRiders } = CITY_BIKE;
    services.use(ownerService.bikes([[withoutRiders]]), ownerService.shared([{ status: 404 }]));
    renderApp(HOME, { signedInAs: SOFIE });
    const cityCard = await bikeCard('Blue city bike');
    const city = within(cityCard);
    expect(shownLines(cityCard)).toContain('bike · 1 open invite');
    expect(city.queryByRole('heading', { name: 'Riders' })).toBeNull();
    expect(city.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(shownLines(rowOf(cityCard, 'Withdraw the invite OPEN-0001'))).toEqual([
      'Open OPEN-0001',
      expect.stringMatching(/^Created .* · Expires in 6 days$/),
      'Share',
      'Withdraw',
    ]);
    expect(screen.queryByRole('heading', { name: 'Shared with you' })).toBeNull();
  });

  it('a failing bike service: after one quiet retry, a translated message with Try again, which loads them', async () => {
    const seen: Seen = [];
    services.use(ownerService.bikes([{ status: 503 }, { status: 503 }, [CITY_BIKE]], seen), ownerService.shared([[]]));
    const { user } = renderApp(HOME, { signedInAs: SOFIE });
    // The service answered: not the owner's connection.
    const alert = await screen.findByText(
      "The service ran into a problem and couldn't show this list. Try again in a moment.",
    );
    expect(seen).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Blue city bike' })).toBeNull();
    await user.click(within(alert.closest('[role="alert"]')!).getByRole('button', { name: 'Try again' }));
    expect(shownLines(await bikeCard('Blue city bike'))).toContain('bike · 1 rider · 1 open invite');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('no connection: the message says to check it', async () => {
    services.use(ownerService.bikes([OFFLINE, OFFLINE]), ownerService.shared([[]]));
    renderApp(HOME, { signedInAs: SOFIE });
    expect(await screen.findByText("We couldn't load your bikes. Check your connection and try again.")).toBeTruthy();
  });

  it('an answer off the contract (a bike without its invites, an id as a string): the same message, no crash', async () => {
    const { invites: _, ...noInvites } = CITY_BIKE;
    const stringId = { ...CARGO_BIKE, id: '2' };
    services.use(
      ownerService.bikes([[noInvites as unknown as OwnerBike], [stringId as unknown as OwnerBike]]),
      ownerService.shared([[]]),
    );
    renderApp(HOME, { signedInAs: SOFIE });
    expect(
      await screen.findByText("The service ran into a problem and couldn't show this list. Try again in a moment."),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Blue city bike' })).toBeNull();
  });

  it('a slow bike service: a spinner, after four seconds a word that it is slow, then the bikes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answered = gate();
    services.use(ownerService.bikes([[CITY_BIKE]], undefined, answered.wait), ownerService.shared([[]]));
    renderApp(HOME, { signedInAs: SOFIE });
    await screen.findByRole('heading', { level: 2, name: 'Your bikes' });
    const yourBikes = screen.getByRole('region', { name: 'Your bikes' });
    expect(within(yourBikes).getByRole('status').textContent).toBe('Loading…');
    expect(shownLines(yourBikes)).toEqual(['Your bikes']); // the spinner's word is for screen readers
    await act(() => vi.advanceTimersByTimeAsync(4000));
    // Preact starts the four seconds in an effect, a frame after the spinner shows: waitFor moves the clock on.
    await vi.waitFor(() => expect(shownLines(yourBikes)).toEqual(['Your bikes', SLOW]));
    answered.open();
    expect(shownLines(await bikeCard('Blue city bike'))).toContain('bike · 1 rider · 1 open invite');
    expect(screen.queryByText(SLOW)).toBeNull();
  });

  it('Refresh reads the bikes again and says they are up to date; a failed refresh keeps them, saying so, and not that they are up to date', async () => {
    const joined = { ...CITY_BIKE, riders: [ANNA_RIDER, { ...ANNA_RIDER, id: 9, display_name: 'Noor Visser' }] };
    services.use(ownerService.bikes([[CITY_BIKE], [joined], { status: 503 }]), ownerService.shared([[]]));
    const { user } = renderApp(HOME, { signedInAs: SOFIE });
    await bikeCard('Blue city bike');
    expect(riderNames()).toEqual(['Anna Bakker']);
    await user.click(screen.getByRole('button', { name: 'Refresh your bikes' }));
    await vi.waitFor(() => expect(riderNames()).toEqual(['Anna Bakker', 'Noor Visser']));
    await vi.waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Your bikes are up to date.'),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh your bikes' }));
    await vi.waitFor(
      () =>
        expect(shownLines(screen.getByRole('alert'))).toEqual([
          'The service ran into a problem, so what you see may be out of date. Try again in a moment.',
          'Try again',
        ]),
      { timeout: 4000 },
    );
    expect(riderNames()).toEqual(['Anna Bakker', 'Noor Visser']);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).not.toContain(
      'Your bikes are up to date.',
    );
  });

  it('reads the bikes again when the window comes back into view, so a new rider shows without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen: Seen = [];
    const joined = { ...CITY_BIKE, riders: [ANNA_RIDER, { ...ANNA_RIDER, id: 9, display_name: 'Noor Visser' }] };
    services.use(ownerService.bikes([[CITY_BIKE], [joined]], seen), ownerService.shared([[]]));
    renderApp(HOME, { signedInAs: SOFIE });
    await bikeCard('Blue city bike');
    vi.setSystemTime(Date.now() + 61_000); // the list is over a minute old when the owner comes back
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() => expect(riderNames()).toEqual(['Anna Bakker', 'Noor Visser']));
    expect(seen).toHaveLength(2);
  });

  it('comes back into view often: reads the bikes again at most once a minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen: Seen = [];
    services.use(ownerService.bikes([[CITY_BIKE]], seen), ownerService.shared([[]]));
    renderApp(HOME, { signedInAs: SOFIE });
    await bikeCard('Blue city bike');
    for (let i = 0; i < 10; i++) {
      vi.setSystemTime(Date.now() + 5_000);
      act(() => void window.dispatchEvent(new Event('visibilitychange')));
    }
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(seen).toHaveLength(1);
    vi.setSystemTime(Date.now() + 15_000);
    act(() => void window.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() => expect(seen).toHaveLength(2));
  });
});
