import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { buttonNames, gate, ORIGIN, pageTitled, renderApp, services } from '../test/render-app.tsx';
import {
  CITY_BIKE,
  invite,
  OFFLINE,
  ownerService,
  SOFIE,
  tokenRefresh,
  type Seen,
  HOME,
  setUpOwnerTests,
} from '../test/owner-services.ts';
import { shownLines } from '../test/shown-lines.ts';

setUpOwnerTests();
const NEW = invite('NEW1-CODE-2345', {}, 0, 7);
const LINK = `${ORIGIN}/my-account/invite/NEW1-CODE-2345`;

const AFTER = { ...CITY_BIKE, invites: [NEW, ...CITY_BIKE.invites] };

/** The link the open dialog shows once the invite is made. */
const shownLink = () =>
  within(screen.getByRole('dialog')).getByRole<HTMLInputElement>('textbox', { name: 'Invite link' }).value;
/** What Copy or Share did, under them: its live region's words, and whether it looks like a failure. */
async function notice(text: string) {
  const region = (await within(screen.getByRole('dialog')).findByText(text)).closest('[role="status"]');
  return { said: region?.textContent, failed: region?.classList.contains('share-notice--failed') };
}

/**
 * Signed in as Sofie with her city bike; POST invite-code answers `answers` in turn, and GET bike
 * then answers `later`.
 */
async function openInviteDialog(
  answers: Parameters<typeof ownerService.create>[1],
  seen: Seen,
  held?: Promise<void>,
  later = [AFTER],
) {
  services.use(
    ownerService.bikes([[CITY_BIKE], later]),
    ownerService.shared([[]]),
    ownerService.create(1, answers, seen, held),
  );
  const app = renderApp(HOME, { signedInAs: SOFIE });
  const opener = await screen.findByRole('button', { name: 'Invite someone to ride “Blue city bike”' });
  await app.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Invite someone to ride “Blue city bike”' });
  return { ...app, opener, dialog: within(dialog) };
}

describe('inviting someone', () => {
  it('asks how long the link stays valid (1 to 30 days, 7 first), with the focus in the dialog', async () => {
    const seen: Seen = [];
    const { user, dialog } = await openInviteDialog([NEW], seen);
    const validity = dialog.getByRole<HTMLSelectElement>('combobox', { name: 'The link stays valid for' });
    expect(document.activeElement).toBe(validity);
    expect(validity.value).toBe('7');
    const options = within(validity).getAllByRole('option');
    expect([options.length, options[0]?.textContent, options[29]?.textContent]).toEqual([30, '1 day', '30 days']);
    await user.selectOptions(validity, '14');
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await dialog.findByRole('heading', { name: 'Your invite link is ready' });
    expect(seen.map((call) => call.body)).toEqual([{ days: 14 }]);
  });

  it('creates one invite however often Create is tapped, then shows the link, Copy, the QR code and the preview', async () => {
    const seen: Seen = [];
    const answered = gate();
    const { user, dialog, opener } = await openInviteDialog([NEW], seen, answered.wait);
    const create = dialog.getByRole('button', { name: 'Create invite link' });
    await user.dblClick(create);
    await user.click(create);
    expect(create.getAttribute('aria-busy')).toBe('true');
    answered.open();
    const ready = await dialog.findByRole('heading', { level: 3, name: 'Your invite link is ready' });
    expect(seen).toHaveLength(1);
    await vi.waitFor(() => expect(document.activeElement).toBe(ready));
    expect(dialog.getAllByRole('status').map((status) => status.textContent)).toContain('Invite created');

    const link = dialog.getByRole<HTMLInputElement>('textbox', { name: 'Invite link' });
    expect([link.value, link.readOnly]).toEqual([LINK, true]);
    const qr = await dialog.findByRole('img', { name: 'QR code of the invite link' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    const preview = dialog.getByText("What they'll see when they open the link").closest('figure')!;
    expect(shownLines(preview)).toEqual([
      "What they'll see when they open the link",
      'Sofie de Vries',
      'Blue city bike',
    ]);
    expect(within(preview).getByRole('img', { name: 'Photo of Blue city bike' }).getAttribute('src')).toBe(
      NEW.bike_image_url,
    );
    expect(dialog.queryByRole('button', { name: 'Share…' })).toBeNull(); // jsdom has no Web Share API

    await user.click(dialog.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    await vi.waitFor(() =>
      expect(dialog.getAllByRole('status').map((status) => status.textContent)).toContain('Link copied'),
    );

    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    const listed = await screen.findByRole('button', { name: 'Withdraw the invite NEW1-CODE-2345' });
    expect(shownLines(listed.closest('li')!)[0]).toBe('Open NEW1-CODE-2345');
  });

  it('shows the link as soon as the create answers, not after the list is read again', async () => {
    const seen: Seen = [];
    const { user, dialog } = await openInviteDialog([NEW], seen);
    const listRead = gate();
    services.use(ownerService.bikes([[AFTER]], undefined, listRead.wait));
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await dialog.findByRole('button', { name: 'Copy link' });
    expect(shownLink()).toBe(LINK);
    listRead.open();
  });

  it('Share opens the Web Share API with the link, where the browser has it; closing the sheet is no failure', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'share'));
    const { user, dialog } = await openInviteDialog([NEW], []);
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await user.click(await dialog.findByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Blue city bike',
      text: 'Sofie de Vries invites you to ride the bike “Blue city bike”.',
      url: LINK,
    });
    share.mockRejectedValueOnce(Object.assign(new Error('closed'), { name: 'AbortError' }));
    await user.click(dialog.getByRole('button', { name: 'Share…' }));
    expect(dialog.queryByText("Couldn't open sharing. Copy the link instead.")).toBeNull();
    share.mockRejectedValueOnce(new Error('not allowed'));
    await user.click(dialog.getByRole('button', { name: 'Share…' }));
    expect(await notice("Couldn't open sharing. Copy the link instead.")).toEqual({
      said: "Couldn't open sharing. Copy the link instead.",
      failed: true,
    });
  });

  it('asks who the invite is for (a note only the owner sees), sends it, and lists the invite with it', async () => {
    const seen: Seen = [];
    const named = { ...NEW, note: 'Mila' };
    const { user, dialog } = await openInviteDialog([named], seen, undefined, [
      { ...CITY_BIKE, invites: [named, ...CITY_BIKE.invites] },
    ]);
    const note = dialog.getByRole<HTMLInputElement>('textbox', { name: 'Who is it for? (optional)' });
    expect(note.maxLength).toBe(60);
    expect(note.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(note.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A name or a short note, such as “Mila”. Only you see it, never the person you invite.',
    );
    await user.type(note, 'Mila');
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await dialog.findByRole('heading', { name: 'Your invite link is ready' });
    expect(seen.map((call) => call.body)).toEqual([{ days: 7, note: 'Mila' }]);
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    const listed = await screen.findByRole('button', { name: 'Withdraw the invite NEW1-CODE-2345' });
    expect(shownLines(listed.closest('li')!).slice(0, 2)).toEqual(['Open NEW1-CODE-2345', 'For Mila']);
  });

  it('a note left blank is not sent; another note is another invite asked for, with a key of its own', async () => {
    const seen: Seen = [];
    const { user, dialog } = await openInviteDialog([OFFLINE, NEW], seen, undefined, [CITY_BIKE]);
    const note = dialog.getByRole('textbox', { name: 'Who is it for? (optional)' });
    await user.type(note, '   ');
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await dialog.findByRole('alert');
    await user.clear(note);
    await user.type(note, 'Noor');
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await dialog.findByRole('heading', { name: 'Your invite link is ready' });
    expect(seen.map((call) => call.body)).toEqual([{ days: 7 }, { days: 7, note: 'Noor' }]);
    expect(seen[1]!.idempotencyKey).not.toBe(seen[0]!.idempotencyKey);
  });

  it('puts the note in the shared message only when the owner ticks it', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'share'));
    const { user, dialog } = await openInviteDialog([{ ...NEW, note: 'Mila\u2028' }], []);
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    const withNote = await dialog.findByRole<HTMLInputElement>('checkbox', {
      name: 'Start the shared message with “For Mila”',
    });
    expect(withNote.checked).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Share…' }));
    await user.click(withNote);
    await user.click(dialog.getByRole('button', { name: 'Share…' }));
    expect(share.mock.calls.map(([data]: unknown[]) => (data as ShareData).text)).toEqual([
      'Sofie de Vries invites you to ride the bike “Blue city bike”.',
      'For Mila: Sofie de Vries invites you to ride the bike “Blue city bike”.',
    ]);
  });

  it('offers no such choice where the browser cannot share: Copy takes the link alone', async () => {
    const { user, dialog } = await openInviteDialog([{ ...NEW, note: 'Mila' }], []);
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await dialog.findByRole('heading', { name: 'Your invite link is ready' });
    expect(dialog.queryByRole('checkbox')).toBeNull();
  });

  it('a copy the browser refuses says so, and selects the link for the owner to copy', async () => {
    const { user, dialog } = await openInviteDialog([NEW], []);
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await dialog.findByRole('heading', { name: 'Your invite link is ready' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(dialog.getByRole('button', { name: 'Copy link' }));
    expect(await notice("Couldn't copy the link. Select it above and copy it yourself.")).toEqual({
      said: "Couldn't copy the link. Select it above and copy it yourself.",
      failed: true,
    });
    const link = dialog.getByRole<HTMLInputElement>('textbox', { name: 'Invite link' });
    expect([link.selectionStart, link.selectionEnd]).toEqual([0, LINK.length]);
  });

  it('a failed create says so, adds nothing, and Create again makes the invite', async () => {
    const seen: Seen = [];
    const { user, dialog } = await openInviteDialog([OFFLINE, { status: 500 }, NEW], seen, undefined, [CITY_BIKE]);
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toBe(
        "We couldn't create the invite. Check your connection and try again.",
      ),
    );
    expect(screen.queryByRole('button', { name: 'Withdraw the invite NEW1-CODE-2345' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toBe(
        "The service ran into a problem and didn't finish this. Try again in a moment.",
      ),
    );
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await dialog.findByRole('heading', { name: 'Your invite link is ready' });
    expect(shownLink()).toBe(LINK);
    expect(seen).toHaveLength(3);
    // The same invite asked for three times: one key, so a create whose answer was lost is not made twice.
    expect(new Set(seen.map((call) => call.idempotencyKey))).toEqual(new Set([seen[0]!.idempotencyKey]));
    expect(seen[0]!.idempotencyKey).toMatch(/^"[A-Za-z0-9_-]{24}"$/);
  });

  it('another validity is another invite asked for: a key of its own', async () => {
    const seen: Seen = [];
    const { user, dialog } = await openInviteDialog([OFFLINE, NEW], seen, undefined, [CITY_BIKE]);
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await dialog.findByRole('alert');
    await user.selectOptions(dialog.getByRole('combobox'), '3');
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await dialog.findByRole('heading', { name: 'Your invite link is ready' });
    expect(seen.map((call) => call.body)).toEqual([{ days: 7 }, { days: 3 }]);
    expect(seen[1]!.idempotencyKey).not.toBe(seen[0]!.idempotencyKey);
  });

  it.each([
    [
      { status: 409, title: 'open-invite-limit', limit: 20 },
      'This bike already has 20 open invites. Withdraw one you no longer need, then create a new one.',
    ],
    [
      { status: 429, title: 'too-many-writes' },
      "You've made a lot of changes in a short time. Wait a minute, then try again.",
    ],
  ])('a create the service limits (%o) says why, and adds nothing', async (refusal, text) => {
    const { user, dialog } = await openInviteDialog([refusal], [], undefined, [CITY_BIKE]);
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe(text));
    expect(screen.queryByRole('button', { name: 'Withdraw the invite NEW1-CODE-2345' })).toBeNull();
  });

  it('a session that expires mid-create: one refresh, the create sent once more, one invite, the dialog still open', async () => {
    const seen: Seen = [];
    const refreshes = { count: 0 };
    services.use(tokenRefresh(refreshes));
    const { user, dialog } = await openInviteDialog([{ status: 401 }, NEW], seen);
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await dialog.findByRole('heading', { name: 'Your invite link is ready' });
    expect(shownLink()).toBe(LINK);
    expect(refreshes.count).toBe(1);
    expect(seen.map((call) => call.authorization)).toEqual(['Bearer access-token-of-the-test', 'Bearer fresh-token']);
  });

  it('a session the identity service ends mid-create: logged out, and sent to the root', async () => {
    const refreshes = { count: 0 };
    services.use(tokenRefresh(refreshes, true));
    const { user, dialog, navigation } = await openInviteDialog([{ status: 401 }], []);
    await user.click(dialog.getByRole('button', { name: 'Create invite link' }));
    await screen.findByRole('button', { name: 'Log in' });
    expect(await pageTitled('Log in')).toEqual(['h1 Log in']);
    expect(buttonNames()).toEqual(['Log in']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(navigation.toRoot).toHaveBeenCalled();
    expect(refreshes.count).toBe(1);
  });

  it('Escape closes it, nothing created, the focus back on Invite someone', async () => {
    const seen: Seen = [];
    const { user, opener } = await openInviteDialog([NEW], seen);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(seen).toEqual([]);
  });
});
