import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, services } from '../test/render-app.tsx';
import {
  ANNA_RIDER,
  CITY_BIKE,
  HOME,
  invite,
  ownerService,
  setUpOwnerTests,
  SOFIE,
  type LiveStream,
  type Seen,
} from '../test/owner-services.ts';
import { ASK_EVERY_MS } from './live-updates.tsx';
import type { OwnerBike } from './owner-bikes-query.ts';

// Seen at once: what the owner's open page does when someone accepts one of their invites
// (docs/decisions/0046-seen-at-once.md).

setUpOwnerTests();

const MILA = { id: 7, display_name: 'Mila Jansen' };
const OPEN = invite('OPEN-0001', { note: 'Mila' });
const BEFORE: OwnerBike[] = [{ ...CITY_BIKE, invites: [OPEN] }];
const AFTER: OwnerBike[] = [
  {
    ...CITY_BIKE,
    riders: [ANNA_RIDER, { ...MILA, avatar_url: null, since: new Date().toISOString() }],
    invites: [{ ...OPEN, status: 'accepted', accepted_at: new Date().toISOString(), accepted_by: MILA }],
  },
];
const NEWS = 'Mila Jansen now rides “Blue city bike”';
const ACCEPTED = { type: 'invite-accepted', bike_id: 1, code: 'OPEN-0001', rider: MILA, at: new Date().toISOString() };

/** The connection the page keeps open (a strict-mode mount opens and closes one before it). */
const live = (streams: LiveStream[]) => streams.filter((stream) => !stream.closed()).at(-1)!;
const riderNames = () =>
  screen.queryAllByText(/./, { selector: '.owner-list .user-card__name' }).map((name) => name.textContent);
/** The page's status line, outside any dialog. */
const statusLine = () => document.querySelector('.owner-status [role="status"]') as HTMLElement;

/** The owner's page, its list answered from `bikes`: the last of them, once the page has read them (a test adds the next). */
async function ownerPage(bikes: OwnerBike[][], streams?: LiveStream[], seen?: Seen) {
  services.use(
    ownerService.bikes(bikes, seen),
    ownerService.shared([[]]),
    ...(streams ? [ownerService.events(streams)] : []),
  );
  const app = renderApp(HOME, { signedInAs: SOFIE });
  await screen.findByRole('heading', { level: 3, name: 'Blue city bike' });
  if (streams) await vi.waitFor(() => expect(streams.filter((stream) => !stream.closed())).toHaveLength(1));
  return app;
}

/** Opens the invite's share sheet; an awaited act, as its QR code suspends while its library loads. */
const openShareDialog = async () => {
  const share = screen.getByRole('button', { name: 'Share the invite OPEN-0001' });
  await act(async () => share.click());
  const dialog = within(screen.getByRole('dialog', { name: 'Share the invite OPEN-0001' }));
  await dialog.findByRole('img', { name: 'QR code of the invite link' });
  return dialog;
};

describe('an invite accepted while the owner’s page is open', () => {
  it('an event from the live channel: the rider is listed, and said and shown once', async () => {
    const streams: LiveStream[] = [];
    const bikes = [BEFORE];
    await ownerPage(bikes, streams);
    expect(riderNames()).toEqual(['Anna Bakker']);
    expect(statusLine().textContent).toBe('');
    bikes.push(AFTER);
    await act(async () => live(streams).send(ACCEPTED));
    await vi.waitFor(() => expect(riderNames()).toEqual(['Anna Bakker', 'Mila Jansen']));
    await vi.waitFor(() => expect(statusLine().textContent).toBe(NEWS));
    const said = statusLine().firstElementChild;
    // Another event, the same list: nothing more is said.
    await act(async () => live(streams).send({ type: 'rider-left', bike_id: 2, rider_id: 9, at: ACCEPTED.at }));
    await vi.waitFor(() => expect(screen.queryAllByText(NEWS)).toHaveLength(1));
    expect(statusLine().firstElementChild).toBe(said);
  });

  it('the share sheet shows it in the spent link’s place, and the focus goes to its way out', async () => {
    const streams: LiveStream[] = [];
    const bikes = [BEFORE];
    const { user } = await ownerPage(bikes, streams);
    const dialog = await openShareDialog();
    await user.click(dialog.getByRole('button', { name: 'Copy link' }));
    bikes.push(AFTER);
    await act(async () => live(streams).send(ACCEPTED));
    const news = await dialog.findByText(NEWS);
    expect(news.closest('[role="status"]')?.textContent).toBe(
      `${NEWS} The link has been used and no longer works for anyone else.`,
    );
    expect(dialog.queryByRole('textbox', { name: 'Invite link' })).toBeNull();
    expect(dialog.queryByRole('img', { name: /QR/ })).toBeNull();
    await vi.waitFor(() => expect(dialog.getByRole('button', { name: 'Done' })).toBe(document.activeElement));
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(statusLine().textContent).toBe(NEWS); // said in the dialog, and there once it is closed
  });

  it('an invite made in another tab since the list was read, and accepted: told too', async () => {
    const streams: LiveStream[] = [];
    const bikes: OwnerBike[][] = [[{ ...CITY_BIKE, invites: [] }]];
    await ownerPage(bikes, streams);
    bikes.push(AFTER);
    await act(async () => live(streams).send(ACCEPTED));
    await vi.waitFor(() => expect(statusLine().textContent).toBe(NEWS));
  });

  it('the share sheet of an invite withdrawn elsewhere says so in the link’s place', async () => {
    const streams: LiveStream[] = [];
    const bikes = [BEFORE];
    await ownerPage(bikes, streams);
    const dialog = await openShareDialog();
    bikes.push([{ ...CITY_BIKE, invites: [{ ...OPEN, status: 'revoked' }] }]);
    await act(async () =>
      live(streams).send({ type: 'invite-withdrawn', bike_id: 1, code: OPEN.code, at: new Date().toISOString() }),
    );
    await dialog.findByText('This invite has been withdrawn, so the link no longer works.');
    expect(dialog.queryByRole('textbox', { name: 'Invite link' })).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Copy link' })).toBeNull();
    expect(dialog.queryByRole('img', { name: /QR/ })).toBeNull();
    expect(statusLine().textContent).toBe('');
  });

  it('the share sheet of an invite that expires while shown says so, though no event tells it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const soon = { ...OPEN, expires_at: new Date(Date.now() + 30_000).toISOString() };
    await ownerPage([[{ ...CITY_BIKE, invites: [soon] }]], []);
    const dialog = await openShareDialog();
    expect(dialog.queryByText('This invite has expired, so the link no longer works.')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    await dialog.findByText('This invite has expired, so the link no longer works.');
    expect(dialog.queryByRole('textbox', { name: 'Invite link' })).toBeNull();
  });

  it('reads the list again once the stream is open: what was accepted before it opened is told too', async () => {
    const streams: LiveStream[] = [];
    const seen: Seen = [];
    const bikes = [BEFORE];
    services.use(
      ownerService.bikes(bikes, seen),
      ownerService.shared([[]]),
      ownerService.events(streams, () => bikes.push(AFTER)),
    );
    renderApp(HOME, { signedInAs: SOFIE });
    await vi.waitFor(() => expect(riderNames()).toEqual(['Anna Bakker', 'Mila Jansen']));
    await vi.waitFor(() => expect(statusLine().textContent).toBe(NEWS));
  });

  it('connects again when the stream ends, and reads what it may have missed', async () => {
    const streams: LiveStream[] = [];
    const seen: Seen = [];
    const bikes = [BEFORE];
    await ownerPage(bikes, streams, seen);
    const read = seen.length;
    const opened = streams.length;
    bikes.push(AFTER); // accepted while the page is not connected
    act(() => live(streams).end());
    await vi.waitFor(() => expect(streams.length).toBeGreaterThan(opened));
    await vi.waitFor(() => expect(riderNames()).toEqual(['Anna Bakker', 'Mila Jansen']));
    expect(seen.length).toBeGreaterThan(read); // the first opening reads it too, maybe after `read` was taken
    await vi.waitFor(() => expect(statusLine().textContent).toBe(NEWS));
  });
});

describe('a bike service without the live channel', () => {
  it('is asked every couple of seconds only while an invite is shown, and tells who accepted it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen: Seen = [];
    const bikes = [BEFORE];
    const { user } = await ownerPage(bikes, undefined, seen);
    const read = seen.length;
    await act(() => vi.advanceTimersByTimeAsync(5 * ASK_EVERY_MS));
    expect(seen).toHaveLength(read); // nothing shown: not asked
    const dialog = await openShareDialog();
    await act(() => vi.advanceTimersByTimeAsync(ASK_EVERY_MS));
    await vi.waitFor(() => expect(seen).toHaveLength(read + 1));
    bikes.push(AFTER);
    await act(() => vi.advanceTimersByTimeAsync(ASK_EVERY_MS));
    await dialog.findByText(NEWS);
    await vi.waitFor(() => expect(statusLine().textContent).toBe(NEWS));
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    const asked = seen.length;
    await act(() => vi.advanceTimersByTimeAsync(5 * ASK_EVERY_MS));
    expect(seen).toHaveLength(asked); // closed: asked no more
  });
});
