import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeStored } from '../storage/web-storage.ts';
import { MARKS, TAKEN_ATTRIBUTE } from './contract.ts';
import { createTapReplay, takeOver, tapStartedAt } from './take-over.ts';
import { PAGE_META, pageMeta, takeTaps } from '../contract/page-protocol.ts';

// The page script runs once, as it is imported: each test sets up a server-rendered page (its
// address, what this browser stored) and runs it afresh.
async function runPageScript(path = '/my-account/invite/AB12CD', head = '', picture = ''): Promise<void> {
  takeTaps(); // the previous page's script stops listening
  window.history.replaceState(null, '', path);
  document.head.innerHTML = `${pageMeta(PAGE_META.entry, '/assets/app-x.js')}${head}`;
  document.body.innerHTML = `<div id="root"><section class="card">${picture}<button type="button">Decline</button><button type="button" data-slides-card="">Accept</button></section></div>`;
  vi.resetModules();
  await import('./page-script.ts');
}

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
const appScripts = () => document.head.querySelectorAll('script[type=module]');

afterEach(() => {
  takeTaps(); // stops the listener of the test's page script
});

describe('the page script marks what only this browser knows, for the first paint', () => {
  it('marks nothing on a first visit', async () => {
    await runPageScript();
    expect(document.documentElement.hasAttribute(MARKS.session)).toBe(false);
    expect(document.documentElement.hasAttribute(MARKS.inviteAccepted)).toBe(false);
  });

  it('marks a stored session, and this invite accepted here before', async () => {
    writeStored('access_token', 'a1');
    writeStored('invite_code', 'AB12CD');
    writeStored('is_accepted', true);
    await runPageScript();
    expect(document.documentElement.hasAttribute(MARKS.session)).toBe(true);
    expect(document.documentElement.hasAttribute(MARKS.inviteAccepted)).toBe(true);
  });

  it('does not mark another invite as accepted, nor a page that is not an invite', async () => {
    writeStored('invite_code', 'OTHER1');
    writeStored('is_accepted', true);
    await runPageScript();
    expect(document.documentElement.hasAttribute(MARKS.inviteAccepted)).toBe(false);
    writeStored('invite_code', 'AB12CD');
    await runPageScript('/my-account/invite/AB12CD/decline');
    expect(document.documentElement.hasAttribute(MARKS.inviteAccepted)).toBe(false);
  });
});

const REACT_ROOT = pageMeta(PAGE_META.preload, '/assets/react-root-x.js');

describe("the app's code", () => {
  it('is started once the page and its pictures are painted, once', async () => {
    await runPageScript(); // jsdom reports no paint: the script goes on at once
    await vi.waitFor(() => expect(appScripts()).toHaveLength(1));
    expect(appScripts()[0]!.getAttribute('src')).toBe('/assets/app-x.js');
    expect(appScripts()[0]!.getAttribute('crossorigin')).toBe(''); // as its preload, or it is fetched twice
  });

  it("fetches what it imports as it starts and the page's own module with it, not before", async () => {
    await runPageScript('/my-account/login', `${REACT_ROOT}${pageMeta(PAGE_META.module, '/assets/login-page-x.js')}`);
    await vi.waitFor(() => expect(appScripts()).toHaveLength(1));
    const preloads = [...document.head.querySelectorAll('link[rel=modulepreload]')];
    expect(preloads.map((link) => [link.getAttribute('href'), link.getAttribute('crossorigin')])).toEqual([
      ['/assets/react-root-x.js', ''],
      ['/assets/login-page-x.js', ''],
    ]);
  });

  it("on a return from the identity service, runs the page's modules first, then the app's script once each has loaded or failed", async () => {
    const modules = ['/assets/oauth-flow-x.js', '/assets/home-page-x.js'];
    await runPageScript(
      '/my-account/invite/AB12CD?code=c1&state=s1',
      REACT_ROOT + modules.map((src) => pageMeta(PAGE_META.module, src)).join(''),
    );
    const sources = () => [...appScripts()].map((script) => script.getAttribute('src'));
    await vi.waitFor(() => expect(sources()).toEqual(modules));
    // What the app imports as it starts is fetched, not run: the sign-in code runs with the app.
    const preloads = [...document.head.querySelectorAll('link[rel=modulepreload]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual(['/assets/react-root-x.js', '/assets/app-x.js']);
    appScripts()[0]!.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sources()).toEqual(modules); // one still loading
    appScripts()[1]!.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(sources()).toEqual([...modules, '/assets/app-x.js']));
  });

  it('waits for the pictures, except on a return from the identity service: then Confirm waits for the app', async () => {
    // A photo still decoding (jsdom decodes nothing: `decode` is the browser's).
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: () => new Promise(() => undefined),
    });
    try {
      const photo = '<img src="/media/bike.jpg" alt="" />';
      await runPageScript('/my-account/invite/AB12CD', '', photo);
      await new Promise((resolve) => setTimeout(resolve, 0)); // the script's promise chain has gone as far as it can
      expect(appScripts()).toHaveLength(0);
      await runPageScript('/my-account/invite/AB12CD?code=c1&state=s1', '', photo);
      await vi.waitFor(() => expect(appScripts()).toHaveLength(1));
    } finally {
      delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
    }
  });
});

describe('a tap before the app runs', () => {
  it('is kept, shown as taken, starts the app once that is painted, and reaches no other listener', async () => {
    await runPageScript();
    const seen = vi.fn();
    document.getElementById('root')!.addEventListener('click', seen); // where React listens
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button('Accept').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(seen).not.toHaveBeenCalled();
    expect(button('Accept').hasAttribute(TAKEN_ATTRIBUTE)).toBe(true);
    expect(appScripts()).toHaveLength(0); // not in the tap's own task: the frame showing it comes first
    await vi.waitFor(() =>
      expect([...appScripts()].map((script) => script.getAttribute('src'))).toEqual(['/assets/app-x.js']),
    );
  });

  it('is handed over once, in order, one per button; afterwards taps go through', async () => {
    await runPageScript();
    button('Accept').click();
    button('Decline').click();
    button('Accept').click();
    await vi.waitFor(() => expect(appScripts()).toHaveLength(1)); // the app, started by the first
    const taps = takeTaps();
    expect(taps.map((tap) => tap.button.textContent)).toEqual(['Accept', 'Decline']);
    expect(taps[0]!.at).toBeLessThanOrEqual(taps[1]!.at);
    expect(takeTaps()).toEqual([]);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button('Decline').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(appScripts()).toHaveLength(1); // started once
  });
});

describe('the app taking over', () => {
  const replay = createTapReplay(); // the app's (createApp)

  it('clears the marks and carries out each kept tap as a click, telling when it was made', async () => {
    writeStored('access_token', 'a1');
    await runPageScript();
    button('Accept').click();
    const madeAt = performance.now();
    const handled: number[] = [];
    button('Accept').addEventListener('click', () => handled.push(tapStartedAt(replay))); // as the hydrated app's handler
    takeOver(replay);
    expect(handled).toHaveLength(1);
    expect(handled[0]).toBeLessThanOrEqual(madeAt); // the tap's own time, not the replay's
    // Accept's card slides out: the mark stays until the app removes the card (the login card the
    // page showed in its place stays with it).
    expect(button('Accept').hasAttribute(TAKEN_ATTRIBUTE)).toBe(true);
    expect(document.documentElement.hasAttribute(MARKS.session)).toBe(false);
    expect(tapStartedAt(replay)).toBeGreaterThanOrEqual(madeAt); // an ordinary tap's time is now
  });

  it('drops a tap whose button is gone or disabled by now', async () => {
    await runPageScript();
    button('Accept').click();
    button('Decline').click();
    const clicked = vi.fn();
    button('Decline').addEventListener('click', clicked);
    button('Decline').disabled = true;
    button('Accept').remove();
    takeOver(replay);
    expect(clicked).not.toHaveBeenCalled();
    expect(button('Decline').hasAttribute(TAKEN_ATTRIBUTE)).toBe(false); // no longer shown as taken
  });

  it('shows a carried-out tap as taken no longer, unless its card slides out', async () => {
    await runPageScript();
    button('Decline').click();
    takeOver(replay);
    expect(button('Decline').hasAttribute(TAKEN_ATTRIBUTE)).toBe(false);
  });
});
