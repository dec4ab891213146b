import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeStored } from '../storage/web-storage.ts';
import { MARKS, SIGNED_IN_PART_ID, SIGNED_IN_PART_MARK, TAKEN_ATTRIBUTE, UPCOMING_CARD_CLASS } from './contract.ts';
import { PART_PAGE_PARAM, SIGNED_IN_PART_PATH, type SignedInPart } from '../contract/signed-in-part.ts';
import { createTapReplay, dropSignedInPart, takeOver, tapStartedAt } from './take-over.ts';
import { PAGE_META, pageMeta, takeRead, takeTaps } from '../contract/page-protocol.ts';

// The page script runs once, as it is imported: each test sets up a server-rendered page (its
// address, what this browser stored) and runs it afresh.
async function runPageScript(path = '/my-account/invite/AB12CD', head = '', picture = ''): Promise<void> {
  takeTaps(); // the previous page's script stops listening
  window.history.replaceState(null, '', path);
  document.head.innerHTML = `${pageMeta(PAGE_META.entry, '/assets/app-x.js')}${head}`;
  document.body.innerHTML = `<div id="root"><section class="card">${picture}<button type="button">Decline</button><button type="button" data-slides-card="">Accept</button></section></div>`;
  vi.resetModules();
  await import('./page-script.ts');
  // The server puts the signed-in script last in the head of a page that names reads.
  if (head.includes(PAGE_META.sessionRead)) await import('./signed-in-script.ts');
}

const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
const appScripts = () => document.head.querySelectorAll('script[type=module]');
const headLinks = () =>
  [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('as'), link.href]);

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
});

describe("the page's icon", () => {
  it('is named for the browser to fetch once the app starts, not while the page loads', async () => {
    const icon = '/assets/img/favicon.png';
    const body = document.body;
    document.head.innerHTML = `${pageMeta(PAGE_META.entry, '/assets/app-x.js')}<link rel="icon" href="${icon}">`;
    body.remove(); // the parser is in the head
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    try {
      takeTaps();
      vi.resetModules();
      await import('./page-script.ts');
      document.documentElement.append(body); // the head parsed
      await vi.waitFor(() => expect(document.querySelector('link[rel=icon]')!.getAttribute('href')).toBe('data:,'));
      expect(appScripts()).toHaveLength(0);
    } finally {
      delete (document as { readyState?: unknown }).readyState;
    }
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await vi.waitFor(() => expect(appScripts()).toHaveLength(1));
    expect(document.querySelector('link[rel=icon]')!.getAttribute('href')).toBe(icon);
  });
});

describe("a page's signed-in side, for a stored session", () => {
  const SIGNED_IN =
    pageMeta(PAGE_META.signedIn, '/assets/owner-home-x.js') +
    pageMeta(PAGE_META.signedIn, '/assets/owner-home-x.css') +
    pageMeta(PAGE_META.sessionRead, '/ids/user') +
    pageMeta(PAGE_META.sessionRead, '/api/v1/bike') +
    pageMeta(PAGE_META.signedInPart, SIGNED_IN_PART_PATH);
  const sent: { url: string; headers: Record<string, string> }[] = [];
  const PART: SignedInPart = {
    html: '<div class="app-root"><button type="button">Log out</button><button type="button">Invite someone</button></div>',
    reads: { '/ids/user': { display_name: 'Sofie' }, '/api/v1/bike': [{ name: 'Blue city bike' }] },
  };
  let partAnswer: Response | undefined;
  const fetchSpy = vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string> });
    if (url.startsWith(SIGNED_IN_PART_PATH)) return partAnswer ?? new Response(JSON.stringify(PART));
    return new Response(JSON.stringify({ url }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sent.length = 0;
    partAnswer = undefined;
    localStorage.clear();
    document.getElementById(SIGNED_IN_PART_ID)?.remove();
    document.documentElement.removeAttribute(SIGNED_IN_PART_MARK);
  });

  it('is neither fetched nor read without a session', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    await runPageScript('/my-account/', SIGNED_IN);
    await vi.waitFor(() => expect(appScripts()).toHaveLength(1));
    expect(headLinks()).toEqual([]);
    expect(sent).toEqual([]);
    expect(takeRead('/ids/user', 'Bearer a-token')).toBeUndefined();
  });

  it("is fetched with the app, its reads asked of the app server as the page's signed-in part and handed over once", async () => {
    vi.stubGlobal('fetch', fetchSpy);
    writeStored('access_token', 'a-token');
    await runPageScript('/my-account/', SIGNED_IN);
    await vi.waitFor(() => expect(appScripts()).toHaveLength(1));
    const origin = window.location.origin;
    expect(headLinks().filter(([rel]) => rel !== 'stylesheet')).toEqual([
      ['modulepreload', null, `${origin}/assets/app-x.js`],
      ['modulepreload', null, `${origin}/assets/owner-home-x.js`],
      ['preload', 'style', `${origin}/assets/owner-home-x.css`],
    ]);
    expect(sent.map(({ url, headers }) => [url, headers.Authorization])).toEqual([
      [`${SIGNED_IN_PART_PATH}?${PART_PAGE_PARAM}=%2Fmy-account%2F`, 'Bearer a-token'],
    ]);
    expect(takeRead('/api/v1/bike', 'Bearer another-token')).toBeUndefined(); // only for the token it was sent with
    const read = takeRead(`${origin}/api/v1/bike`, 'Bearer a-token');
    await expect(read!.then((response) => response.json())).resolves.toEqual([{ name: 'Blue city bike' }]);
    expect(takeRead('/api/v1/bike', 'Bearer a-token')).toBeUndefined(); // once
  });

  it('is read from the services as the app would when the app server gives no part, or the page names none', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    writeStored('access_token', 'a-token');
    partAnswer = new Response('{"status":502}', { status: 502 });
    await runPageScript('/my-account/', SIGNED_IN);
    const read = takeRead(`${window.location.origin}/ids/user`, 'Bearer a-token');
    await expect(read!.then((response) => response.json())).resolves.toEqual({ url: '/ids/user' });
    expect(sent.map(({ url }) => url).slice(1)).toEqual(['/ids/user', '/api/v1/bike']);
    expect(document.getElementById(SIGNED_IN_PART_ID)).toBeNull();
    sent.length = 0;
    await runPageScript('/my-account/', SIGNED_IN.replace(/<meta name="app-signed-in-part"[^>]*>/, ''));
    await vi.waitFor(() => expect(sent.map(({ url }) => url)).toEqual(['/ids/user', '/api/v1/bike']));
    // An answer that is not a part, as if cut off: the same.
    for (const body of ['{"html":', '{"html":"<p>"}']) {
      sent.length = 0;
      partAnswer = new Response(body);
      await runPageScript('/my-account/', SIGNED_IN);
      await vi.waitFor(() => expect(sent.map(({ url }) => url).slice(1)).toEqual(['/ids/user', '/api/v1/bike']));
    }
  });

  it('answers each read with the refusal of a refused token, sending none: the app refreshes it at once', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    writeStored('access_token', 'a-token');
    partAnswer = new Response('{"status":401}', { status: 401 });
    await runPageScript('/my-account/', SIGNED_IN);
    const read = await takeRead(`${window.location.origin}/api/v1/bike`, 'Bearer a-token');
    expect(read!.status).toBe(401);
    expect(sent).toHaveLength(1);
  });

  it('shows the part in place of the routed area once its style sheet is in; its first tap is kept for the app', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    writeStored('access_token', 'a-token');
    await runPageScript('/my-account/', SIGNED_IN);
    const sheet = await vi.waitFor(() => document.head.querySelector<HTMLLinkElement>('link[rel=stylesheet]')!);
    expect(document.getElementById(SIGNED_IN_PART_ID)).toBeNull();
    sheet.dispatchEvent(new Event('load')); // jsdom loads no style sheet
    await vi.waitFor(() => expect(document.documentElement.getAttribute(SIGNED_IN_PART_MARK)).toBe('shown'));
    const part = document.getElementById(SIGNED_IN_PART_ID)!;
    expect(part.previousElementSibling?.id).toBe('root');
    const [, invite] = part.querySelectorAll('button');
    invite!.click();
    part.querySelector('button')!.click();
    expect([...part.querySelectorAll(`[${TAKEN_ATTRIBUTE}]`)]).toEqual([invite]);
  });

  it('is asked for as the head is parsed, the app fetched once it is, and started once the page is', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    writeStored('access_token', 'a-token');
    const body = document.body;
    document.head.innerHTML = `${pageMeta(PAGE_META.entry, '/assets/app-x.js')}${SIGNED_IN}`;
    body.remove(); // the parser is in the head
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    try {
      takeTaps();
      window.history.replaceState(null, '', '/my-account/');
      vi.resetModules();
      await import('./page-script.ts');
      expect(sent).toEqual([]);
      await import('./signed-in-script.ts'); // last in the head
      expect(sent).toHaveLength(1);
      expect(headLinks()).toEqual([['preload', 'style', `${window.location.origin}/assets/owner-home-x.css`]]);
      document.documentElement.append(body); // the head parsed
      await vi.waitFor(() => expect(headLinks()).toHaveLength(3));
      expect(appScripts()).toHaveLength(0);
    } finally {
      delete (document as { readyState?: unknown }).readyState;
    }
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await vi.waitFor(() => expect(appScripts()).toHaveLength(1));
    expect(sent).toHaveLength(1); // sent once
  });

  it('starts the app as soon as the page is parsed: what is painted is not what stays', async () => {
    vi.stubGlobal('fetch', fetchSpy);
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: () => new Promise(() => undefined), // a picture still decoding
    });
    try {
      writeStored('access_token', 'a-token');
      await runPageScript('/my-account/', SIGNED_IN, '<img src="/img/logo.svg" alt="" />');
      await vi.waitFor(() => expect(appScripts()).toHaveLength(1));
    } finally {
      delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
    }
  });
});

describe("the app's code on a return", () => {
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

describe("the app's code and the largest paint", () => {
  type Reported = { element?: Element | null; size?: number };
  let report: ((entries: Reported[]) => void) | undefined;
  // A browser that reports its largest paint (jsdom does not): the test reports it.
  class ReportingObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    private readonly callback: (list: { getEntries(): Reported[] }, observer: unknown) => void;
    constructor(callback: (list: { getEntries(): Reported[] }, observer: unknown) => void) {
      this.callback = callback;
    }
    observe({ type }: { type: string }) {
      if (type === 'paint') return this.callback({ getEntries: () => [] }, this); // painted at once
      report = (entries) => this.callback({ getEntries: () => entries }, this);
    }
    disconnect() {}
  }
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
    delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
    report = undefined;
  });

  async function runWithPhoto(): Promise<HTMLImageElement> {
    vi.stubGlobal('PerformanceObserver', ReportingObserver);
    // A photo decoded and laid out, 100 × 60 in the window (jsdom does neither).
    vi.spyOn(HTMLImageElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 100, 60));
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(400);
    Object.defineProperty(HTMLImageElement.prototype, 'decode', { configurable: true, value: () => Promise.resolve() });
    await runPageScript('/my-account/invite/AB12CD', '', '<img src="/media/bike.jpg" alt="" />');
    await vi.waitFor(() => expect(report).toBeDefined()); // the pictures painted: now waiting for the report
    return document.images[0]!;
  }

  it('waits until the largest paint reported is the largest picture, so that the photo does not wait behind it', async () => {
    const photo = await runWithPhoto();
    report!([{ element: document.querySelector('button'), size: 100 * 50 }]); // a text, smaller than the photo
    report!([{ element: document.createElement('img'), size: 50 * 20 }]); // a smaller picture: the logo
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appScripts()).toHaveLength(0);
    report!([{ element: photo, size: 100 * 60 }]);
    await vi.waitFor(() => expect(appScripts()).toHaveLength(1));
  });

  it('starts at once on a tap, reported or not', async () => {
    await runWithPhoto();
    button('Accept').click();
    await vi.waitFor(() => expect(appScripts()).toHaveLength(1));
  });

  it('goes on without the report after a while (a page whose largest paint is never reported)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await runWithPhoto();
    expect(appScripts()).toHaveLength(0);
    await vi.runAllTimersAsync();
    expect(appScripts()).toHaveLength(1);
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

describe('Accept tapped before the app runs', () => {
  it('gives the focus to the login card that comes in where its card slid out, as the app does', async () => {
    await runPageScript();
    const card = document.querySelector('#root section')!;
    card.classList.add('step-card');
    card.insertAdjacentHTML(
      'afterend',
      `<section class="step-card ${UPCOMING_CARD_CLASS}" hidden><h2 tabindex="-1">Log in</h2><button type="button">Log in</button></section>`,
    );
    const login = document.querySelector<HTMLElement>(`.${UPCOMING_CARD_CLASS}`)!;
    button('Decline').click(); // a tap that slides no card moves no focus
    login.dispatchEvent(new Event('animationstart'));
    expect(document.activeElement).toBe(document.body);
    button('Accept').click();
    expect(document.activeElement).toBe(document.body); // not before the card comes in (early.css)
    login.dispatchEvent(new Event('animationstart'));
    expect(document.activeElement).toBe(login.querySelector('h2'));
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

const own = (name: string) => [...document.querySelectorAll('#root button')].find((b) => b.textContent === name)!;

describe("the app dropping a page's signed-in part (decision 0056)", () => {
  const buttons = '<button type="button">Log out</button><button type="button">Invite someone</button>';
  function pageWithPart(tapped: 'Log out' | 'Invite someone' | undefined) {
    document.body.innerHTML = `<div id="root">${buttons}</div><div id="${SIGNED_IN_PART_ID}">${buttons}</div>`;
    document.documentElement.setAttribute(SIGNED_IN_PART_MARK, 'shown');
    const part = document.getElementById(SIGNED_IN_PART_ID)!;
    const partButton = [...part.querySelectorAll('button')].find((each) => each.textContent === tapped);
    partButton?.setAttribute(TAKEN_ATTRIBUTE, '');
    partButton?.focus();
    const clicks: string[] = [];
    for (const name of ['Log out', 'Invite someone']) own(name).addEventListener('click', () => clicks.push(name));
    return { clicks };
  }
  afterEach(() => document.documentElement.removeAttribute(SIGNED_IN_PART_MARK));

  it('removes it for good, taps the app’s button in the place of the one tapped in it, and moves the focus alike', async () => {
    const { clicks } = pageWithPart('Invite someone');
    dropSignedInPart();
    expect(document.getElementById(SIGNED_IN_PART_ID)).toBeNull();
    expect(document.documentElement.getAttribute(SIGNED_IN_PART_MARK)).toBe('dropped');
    expect(document.activeElement).toBe(own('Invite someone'));
    await vi.waitFor(() => expect(clicks).toEqual(['Invite someone']));
    dropSignedInPart(); // once
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clicks).toEqual(['Invite someone']);
  });

  it('taps nothing when nothing was tapped, or when the app’s page has another button there', async () => {
    const untapped = pageWithPart(undefined);
    dropSignedInPart();
    document.documentElement.removeAttribute(SIGNED_IN_PART_MARK);
    const other = pageWithPart('Invite someone');
    own('Invite someone').textContent = 'Refresh';
    dropSignedInPart();
    document.documentElement.removeAttribute(SIGNED_IN_PART_MARK);
    const named = pageWithPart('Invite someone'); // the same text, another bike's
    own('Invite someone').setAttribute('aria-label', 'Invite someone to ride Family cargo bike');
    dropSignedInPart();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...untapped.clicks, ...other.clicks, ...named.clicks]).toEqual([]);
  });
});
