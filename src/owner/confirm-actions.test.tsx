import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ANNA, bikeService, gate, renderApp, services } from '../test/render-app.tsx';
import {
  ANNA_RIDER,
  BRAMS_MOPED,
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

setUpOwnerTests();
const OPEN = CITY_BIKE.invites[0]!;
const WITHDRAWN = { ...OPEN, status: 'revoked' as const, revoked_at: new Date().toISOString() };
const said = () => screen.getAllByRole('status').map((status) => status.textContent);
/** The list item of the button named `button`: one rider or invite, with what it shows. */
const rowLines = (button: string) => shownLines(screen.getByRole('button', { name: button }).closest('li')!);
/** The red alert in the open dialog, once it has its words. */
const dialogAlert = async (text: string) =>
  waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('alert').textContent).toBe(text));

function signedInAsSofie(later = [CITY_BIKE]) {
  services.use(ownerService.bikes([[CITY_BIKE], later]), ownerService.shared([[]]));
  return renderApp(HOME, { signedInAs: SOFIE });
}

describe('withdrawing an invite', () => {
  it('asks first, the focus on Cancel; Cancel or Escape changes nothing and the focus goes back', async () => {
    const seen: Seen = [];
    services.use(ownerService.withdraw(OPEN.code, [WITHDRAWN], seen));
    const { user } = signedInAsSofie();
    const withdraw = await screen.findByRole('button', { name: `Withdraw the invite ${OPEN.code}` });
    await user.click(withdraw);
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this invite?' });
    expect(shownLines(dialog)).toEqual([
      'Withdraw this invite?',
      OPEN.code,
      'The link stops working. Whoever opens it sees that you withdrew it.',
      'Cancel',
      'Withdraw invite',
    ]);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(withdraw);
    await user.click(withdraw);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('confirmed: one withdraw however often it is tapped; the invite is among the ended ones, said, the focus on Invites', async () => {
    const seen: Seen = [];
    const answered = gate();
    services.use(ownerService.withdraw(OPEN.code, [WITHDRAWN], seen, answered.wait));
    const { user } = signedInAsSofie([{ ...CITY_BIKE, invites: [WITHDRAWN, CITY_BIKE.invites[1]!] }]);
    await user.click(await screen.findByRole('button', { name: `Withdraw the invite ${OPEN.code}` }));
    const confirm = screen.getByRole('button', { name: 'Withdraw invite' });
    await user.dblClick(confirm);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    await user.keyboard('{Escape}'); // its outcome must be seen: the dialog stays while it runs
    expect(screen.getByRole<HTMLDialogElement>('dialog', { name: 'Withdraw this invite?' }).open).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    answered.open();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen).toHaveLength(1);
    expect(screen.queryByRole('button', { name: `Withdraw the invite ${OPEN.code}` })).toBeNull();
    expect(said()).toContain('Invite withdrawn');
    const city = (await screen.findByRole('heading', { level: 3, name: 'Blue city bike' })).closest('section')!;
    // The dialog's leaving moves the focus in an effect, just after it is gone from the page.
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(within(city).getByRole('heading', { level: 4, name: 'Invites' })),
    );
    expect(shownLines(city)).toContain('No open invites.');
    await user.click(within(city).getByText('2 ended invites'));
    expect(shownLines(city.querySelector('details')!).slice(0, 2)).toEqual([
      '2 ended invites',
      `Withdrawn ${OPEN.code}`,
    ]);
  });

  it('a withdraw that fails does not look done: the reason in the dialog, the invite still open; Try again', async () => {
    services.use(ownerService.withdraw(OPEN.code, [OFFLINE, WITHDRAWN]), bikeService.invite(OPEN.code, OPEN));
    const { user } = signedInAsSofie();
    await user.click(await screen.findByRole('button', { name: `Withdraw the invite ${OPEN.code}` }));
    await user.click(screen.getByRole('button', { name: 'Withdraw invite' }));
    const dialog = within(screen.getByRole('dialog'));
    await dialogAlert("The invite wasn't withdrawn: we couldn't reach the service. The link still works. Try again.");
    expect(rowLines(`Withdraw the invite ${OPEN.code}`)[0]).toBe(`Open ${OPEN.code}`);
    expect(screen.queryByText('Withdrawn', { selector: '.badge' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(said()).toContain('Invite withdrawn');
  });

  it('a lost answer to a withdraw that was done: the invite read says so, and it is done', async () => {
    services.use(
      ownerService.withdraw(OPEN.code, [OFFLINE]),
      bikeService.invite(OPEN.code, { status: 410, invite_status: 'revoked' }),
    );
    const { user } = signedInAsSofie([{ ...CITY_BIKE, invites: [WITHDRAWN, CITY_BIKE.invites[1]!] }]);
    await user.click(await screen.findByRole('button', { name: `Withdraw the invite ${OPEN.code}` }));
    await user.click(screen.getByRole('button', { name: 'Withdraw invite' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(said()).toContain('Invite withdrawn');
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: `Withdraw the invite ${OPEN.code}` })).toBeNull(),
    );
  });

  it('a lost answer, and the invite cannot be read either: says it cannot tell, and that again is safe', async () => {
    services.use(ownerService.withdraw(OPEN.code, [OFFLINE]), bikeService.invite(OPEN.code, { status: 503 }));
    const { user } = signedInAsSofie();
    await user.click(await screen.findByRole('button', { name: `Withdraw the invite ${OPEN.code}` }));
    await user.click(screen.getByRole('button', { name: 'Withdraw invite' }));
    await dialogAlert(
      "We couldn't reach the service, so we can't tell whether the invite was withdrawn. Try again: withdrawing twice is safe.",
    );
  });

  it('a server error is not a connection problem, and a refusal says the problem in words of its own', async () => {
    services.use(
      ownerService.withdraw(OPEN.code, [{ status: 500 }, { status: 403, type: 'not-owner' }]),
      bikeService.invite(OPEN.code, OPEN),
    );
    const { user } = signedInAsSofie();
    await user.click(await screen.findByRole('button', { name: `Withdraw the invite ${OPEN.code}` }));
    await user.click(screen.getByRole('button', { name: 'Withdraw invite' }));
    await dialogAlert("The service ran into a problem and didn't finish this. Try again in a moment.");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await dialogAlert('Only the owner can do this.');
  });

  it('too many withdrawals in a minute (429): the dialog says to wait, not that the service is unreachable', async () => {
    services.use(ownerService.withdraw(OPEN.code, [{ status: 429, title: 'too-many-writes' }]));
    const { user } = signedInAsSofie();
    await user.click(await screen.findByRole('button', { name: `Withdraw the invite ${OPEN.code}` }));
    await user.click(screen.getByRole('button', { name: 'Withdraw invite' }));
    await dialogAlert("You've made a lot of changes in a short time. Wait a minute, then try again.");
  });

  it('an invite accepted meanwhile cannot be withdrawn: the dialog says so, and offers only Close', async () => {
    services.use(ownerService.withdraw(OPEN.code, [{ status: 409 }]));
    const { user } = signedInAsSofie();
    await user.click(await screen.findByRole('button', { name: `Withdraw the invite ${OPEN.code}` }));
    await user.click(screen.getByRole('button', { name: 'Withdraw invite' }));
    await dialogAlert(
      "This invite has just been accepted, so it can't be withdrawn any more. You can remove the rider instead.",
    );
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this invite?' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Close']);
    await vi.waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' })));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('removing a rider', () => {
  it('after a confirmation naming them: gone from the bike, said, the focus on Riders', async () => {
    const seen: Seen = [];
    services.use(ownerService.removeRider(1, ANNA_RIDER.id, [204], seen));
    const { user } = signedInAsSofie([{ ...CITY_BIKE, riders: [] }]);
    await user.click(await screen.findByRole('button', { name: 'Remove Anna Bakker from “Blue city bike”' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove Anna Bakker?' }));
    expect(shownLines(screen.getByRole('dialog'))).toEqual([
      'Remove Anna Bakker?',
      'Anna Bakker can no longer ride “Blue city bike”. You can invite them again later.',
      'Cancel',
      'Remove rider',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Remove rider' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.map((call) => [call.method, call.path])).toEqual([['DELETE', '/api/v1/bike/1/rider/3']]);
    expect(screen.queryByText('Anna Bakker')).toBeNull();
    const riders = screen.getByRole('heading', { level: 4, name: 'Riders' }).parentElement!;
    expect(shownLines(riders)).toEqual(['Riders', 'No one else rides it yet.']);
    expect(said()).toContain('Anna Bakker no longer rides “Blue city bike”');
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 4, name: 'Riders' })),
    );
  });

  it('a remove that fails keeps the rider and says why', async () => {
    services.use(ownerService.removeRider(1, ANNA_RIDER.id, [OFFLINE, 503]));
    const { user } = signedInAsSofie();
    await user.click(await screen.findByRole('button', { name: 'Remove Anna Bakker from “Blue city bike”' }));
    await user.click(screen.getByRole('button', { name: 'Remove rider' }));
    await dialogAlert("Anna Bakker wasn't removed: we couldn't reach the service. Try again.");
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await dialogAlert("The service ran into a problem and didn't finish this. Try again in a moment.");
    expect(rowLines('Remove Anna Bakker from “Blue city bike”')).toEqual([
      'Anna Bakker',
      'Rides since May 4, 2026',
      'Remove',
    ]);
  });
});

describe('leaving a bike shared with me', () => {
  it('after a confirmation: the bike goes, said, the focus on Your bikes; a failure keeps it', async () => {
    const seen: Seen = [];
    services.use(
      ownerService.bikes([[]]),
      ownerService.shared([[BRAMS_MOPED], []]),
      ownerService.leave(BRAMS_MOPED.id, [OFFLINE, 204], seen),
    );
    const { user } = renderApp(HOME, { signedInAs: ANNA });
    await user.click(await screen.findByRole('button', { name: 'Stop riding “Red e-moped”' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Stop riding “Red e-moped”?' }));
    expect(shownLines(screen.getByRole('dialog'))).toEqual([
      'Stop riding “Red e-moped”?',
      'Bram Jansen shared it with you. To ride it again, you need a new invite from them.',
      'Cancel',
      'Stop riding',
    ]);
    await user.click(dialog.getByRole('button', { name: 'Stop riding' }));
    await dialogAlert("That didn't work: we couldn't reach the service. You still ride “Red e-moped”. Try again.");
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.map((call) => call.path)).toEqual(['/api/v1/bike/shared/3', '/api/v1/bike/shared/3']);
    expect(screen.queryByRole('heading', { name: 'Shared with you' })).toBeNull();
    expect(said()).toContain('You no longer ride “Red e-moped”');
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Your bikes' })),
    );
  });

  it('a ride that already ended (404) is what was asked for', async () => {
    services.use(ownerService.bikes([[]]), ownerService.shared([[BRAMS_MOPED], []]), ownerService.leave(3, [404]));
    const { user } = renderApp(HOME, { signedInAs: ANNA });
    await user.click(await screen.findByRole('button', { name: 'Stop riding “Red e-moped”' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Stop riding' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(said()).toContain('You no longer ride “Red e-moped”');
  });
});

describe('an open invite of the list', () => {
  it('Share shows its link again, with Copy and the QR code', async () => {
    const older = invite('OLDER-OPEN', {}, 2, 7);
    services.use(ownerService.bikes([[{ ...CITY_BIKE, invites: [older] }]]), ownerService.shared([[]]));
    const { user } = renderApp(HOME, { signedInAs: SOFIE });
    const share = await screen.findByRole('button', { name: 'Share the invite OLDER-OPEN' });
    // An awaited act: the QR code suspends while its library loads, which a synchronous act does not allow.
    await act(async () => share.click());
    const dialog = within(screen.getByRole('dialog', { name: 'Share the invite OLDER-OPEN' }));
    expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Invite link' }).value).toMatch(
      /\/my-account\/invite\/OLDER-OPEN$/,
    );
    const qr = await dialog.findByRole('img', { name: 'QR code of the invite link' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/); // the code is drawn
    await user.click(dialog.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toMatch(/\/my-account\/invite\/OLDER-OPEN$/);
  });
});
