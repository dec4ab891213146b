import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addDays, dateIn } from '../contract/access-until.ts';
import { renderApp, services } from '../test/render-app.tsx';
import {
  ANNA_RIDER,
  BRAMS_MOPED,
  CITY_BIKE,
  HOME,
  invite,
  OFFLINE,
  ownerService,
  SOFIE,
  setUpOwnerTests,
  type Seen,
} from '../test/owner-services.ts';
import { shownLines } from '../test/shown-lines.ts';
import { ownerZone } from './access-date.ts';
import { dayText } from '../i18n/day-text.ts';
import type { Rider } from './owner-bikes-query.ts';

setUpOwnerTests();
const today = dateIn(ownerZone(), Date.now());
const day = (offset: number) => addDays(today, offset);
const shown = (date: string) => dayText(date, 'en', Date.now());
const said = () => screen.getAllByRole('status').map((status) => status.textContent);
const rowLines = (button: string) => shownLines(screen.getByRole('button', { name: button }).closest('li')!);

describe('the day a rider is shown by', () => {
  const now = Date.parse('2026-11-28T10:00:00Z');
  it.each([
    ['en', '2026-11-30', 'Monday, November 30'],
    ['sv', '2026-11-29', 'söndag 29 november'],
    ['fr', '2026-11-29', 'dimanche 29 novembre'],
    ['de', '2027-01-03', 'Sonntag, 3. Januar 2027'],
  ])('%s: %s is “%s” (weekday and date, the year only when it is another)', (language, date, text) => {
    expect(dayText(date, language, now)).toBe(text);
  });
});

async function openDialog(seen: Seen) {
  const created = invite('LEND-CODE-0001', { access_until: day(2) }, 0, 7);
  services.use(
    ownerService.bikes([[CITY_BIKE], [{ ...CITY_BIKE, invites: [created, ...CITY_BIKE.invites] }]]),
    ownerService.shared([[]]),
    ownerService.create(1, [created], seen),
  );
  const app = renderApp(HOME, { signedInAs: SOFIE });
  await app.user.click(await screen.findByRole('button', { name: 'Invite someone to ride “Blue city bike”' }));
  return { ...app, dialog: within(await screen.findByRole('dialog')) };
}
describe('inviting with an end date', () => {
  it('is until removed unless the owner picks a day; a day not picked, past or too far is said by the field, and keeps the rest', async () => {
    const seen: Seen = [];
    const { user, dialog } = await openDialog(seen);
    const group = dialog.getByRole('group', { name: 'How long may they ride?' });
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: 'Until you remove them' }).checked).toBe(true);
    expect(dialog.queryByLabelText('Last day')).toBeNull();
    await user.type(dialog.getByRole('textbox', { name: 'Who is it for? (optional)' }), 'Mila');
    await user.click(within(group).getByRole('radio', { name: 'Until a date' }));
    const date = dialog.getByLabelText<HTMLInputElement>('Last day');
    expect([date.type, date.min, date.max]).toEqual(['date', today, day(365)]);

    const create = dialog.getByRole('button', { name: 'Create invite link' });
    for (const [value, words] of [
      ['', 'Choose the last day they may ride.'],
      [day(-1), 'That day has passed. Choose today or a later day.'],
      [day(366), 'Choose a day no more than a year from today.'],
    ] as const) {
      await user.clear(date);
      if (value) await user.type(date, value);
      await user.click(create);
      await vi.waitFor(() => expect(document.activeElement).toBe(date));
      expect(date.getAttribute('aria-invalid')).toBe('true');
      expect(
        date
          .getAttribute('aria-describedby')
          ?.split(' ')
          .map((id) => document.getElementById(id)?.textContent),
      ).toEqual(['They can ride through the end of this day, up to a year from today.', words]);
    }
    expect(seen).toEqual([]);
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Who is it for? (optional)' }).value).toBe('Mila');

    await user.clear(date);
    await user.type(date, day(2));
    expect(date.getAttribute('aria-invalid')).toBeNull();
    await user.click(create);
    await dialog.findByRole('heading', { name: 'Your invite link is ready' });
    expect(seen.map((call) => call.body)).toEqual([
      { days: 7, note: 'Mila', access_until: day(2), time_zone: ownerZone() },
    ]);
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    // The list takes the new invite in the frame after the link's.
    expect(shownLines((await screen.findByText('LEND-CODE-0001')).closest('li')!)).toContain(
      `Rides until ${shown(day(2))} once accepted`,
    );
  });
});

/** The list answers each of `lists` in turn, as the service's riders are after each change. */
function signedIn(...lists: Rider[][]) {
  services.use(ownerService.bikes(lists.map((riders) => [{ ...CITY_BIKE, riders }])), ownerService.shared([[]]));
  return renderApp(HOME, { signedInAs: SOFIE });
}
const change = () => screen.findByRole('button', { name: 'Change how long Anna Bakker may ride “Blue city bike”' });

describe("a rider's access in the owner's list", () => {
  const lent = { ...ANNA_RIDER, access_until: day(3), access_ended: false };
  const ended = { ...ANNA_RIDER, access_until: day(0), access_ended: true };

  it('says until when a rider rides, and that an ended one no longer does (not since when), who is not counted', async () => {
    signedIn([lent, { ...ended, id: 4, display_name: 'Mila Jansen' }]);
    const changeAnna = 'Change how long Anna Bakker may ride “Blue city bike”';
    await screen.findByRole('button', { name: changeAnna });
    expect(rowLines(changeAnna)).toEqual([
      'Anna Bakker',
      'Rides since May 4, 2026',
      `Rides until ${shown(day(3))}`,
      'Change access',
      'Remove',
    ]);
    expect(rowLines('Lend “Blue city bike” to Mila Jansen again')).toEqual([
      'Mila Jansen',
      `Access ended on ${shown(day(0))}`,
      'Lend again',
      'Remove',
    ]);
    expect(screen.getByText(/1 rider/).textContent).toBe('bike\u00a0· 1 rider\u00a0· 1 open invite');
  });

  it('extends it, clears it, or ends it now: each one call, said, the list as the service answers', async () => {
    const seen: Seen = [];
    const extended = { ...lent, access_until: day(10) };
    const open = { ...lent, access_until: null };
    const stopped = { ...lent, access_until: today, access_ended: true };
    services.use(ownerService.changeAccess(1, ANNA_RIDER.id, [extended, open, stopped], seen));
    const { user } = signedIn([lent], [extended], [open], [stopped]);

    await user.click(await change());
    let dialog = within(screen.getByRole('dialog', { name: 'How long may Anna Bakker ride “Blue city bike”?' }));
    const date = dialog.getByLabelText<HTMLInputElement>('Last day');
    expect(date.value).toBe(day(3));
    await user.clear(date);
    await user.type(date, day(10));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(said()).toContain(`Anna Bakker may ride “Blue city bike” until ${shown(day(10))}`);

    await user.click(await change());
    dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('radio', { name: 'Until you remove them' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(said()).toContain('Anna Bakker may ride “Blue city bike” until you remove them'));

    await user.click(await change());
    dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'End access now' }));
    await vi.waitFor(() => expect(said()).toContain('Anna Bakker no longer rides “Blue city bike”'));
    expect(seen.map((call) => [call.method, call.path, call.body])).toEqual([
      ['PATCH', '/api/v1/bike/1/rider/3', { access_until: day(10), time_zone: ownerZone() }],
      ['PATCH', '/api/v1/bike/1/rider/3', { access_until: null }],
      ['PATCH', '/api/v1/bike/1/rider/3', { end_now: true, time_zone: ownerZone() }],
    ]);
    await waitFor(() => expect(screen.getByText(`Access ended on ${shown(today)}`)).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Lend “Blue city bike” to Anna Bakker again' })).toBeTruthy();
  });

  it('lends an ended one again; a failure keeps the dialog and the choice, and says why', async () => {
    const seen: Seen = [];
    services.use(
      ownerService.changeAccess(1, ANNA_RIDER.id, [OFFLINE, { status: 400, type: 'invalid-access-until' }, lent], seen),
    );
    const { user } = signedIn([ended], [lent]);
    await user.click(await screen.findByRole('button', { name: 'Lend “Blue city bike” to Anna Bakker again' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Lend “Blue city bike” to Anna Bakker again' }));
    expect(dialog.queryByRole('button', { name: 'End access now' })).toBeNull();
    await user.click(dialog.getByRole('radio', { name: 'Until a date' }));
    await user.type(dialog.getByLabelText('Last day'), day(3));
    const lend = dialog.getByRole('button', { name: 'Lend again' });
    await user.click(lend);
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toBe(
        "We couldn't change the access. Check your connection and try again.",
      ),
    );
    await user.click(lend);
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toBe(
        "That end date can't be used. Choose a day from today up to a year ahead.",
      ),
    );
    expect(dialog.getByLabelText<HTMLInputElement>('Last day').value).toBe(day(3));
    await user.click(lend);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen).toHaveLength(3);
    expect(said()).toContain(`Anna Bakker may ride “Blue city bike” until ${shown(day(3))}`);
  });
});

describe('a bike lent to me until a day', () => {
  it('says until when I may ride it', async () => {
    services.use(
      ownerService.bikes([[]]),
      ownerService.shared([
        [
          { ...BRAMS_MOPED, access_until: day(4) },
          { ...BRAMS_MOPED, id: 9, name: 'Old bike', access_until: null },
        ],
      ]),
    );
    renderApp(HOME, { signedInAs: SOFIE });
    const shared = await screen.findByRole('region', { name: 'Shared with you' });
    await within(shared).findByRole('heading', { level: 3, name: 'Red e-moped' });
    expect(shownLines(shared)).toContain(`You can ride it until ${shown(day(4))}`);
    expect(shownLines(shared).filter((line) => line.startsWith('You can ride it until'))).toHaveLength(1);
  });
});
