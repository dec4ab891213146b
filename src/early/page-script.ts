// Inline, first in the <head> of every server-rendered page, before the app runs (decision 0025):
// marks on <html> what only this browser knows (a stored session, this invite accepted here), keeps
// taps on the page's buttons for the app (take-over.ts), and starts the app's code (the page
// protocol's entry, with the files it imports as it starts and the page's own modules fetched beside
// it: src/contract/page-protocol.ts) once the page and its pictures are painted and its largest paint
// reported, or once the first tap is shown taken; on a return from the identity service, as soon as
// the page is parsed, its modules run first.
import { inviteCodeAt } from '../contract/paths.ts';
import { isSignInReturn, readSignInReturnParams } from '../contract/sign-in-return.ts';
import { isAcceptedHere } from '../contract/stored-invite.ts';
import { readStored } from '../storage/web-storage.ts';
import {
  handOverExchange,
  handOverTaps,
  namedOn,
  PAGE_META,
  type CodeExchange,
  type EarlyTap,
} from '../contract/page-protocol.ts';
import { xsrfTokenFor, XSRF_HEADER } from '../http/xsrf.ts';
import { timedFetch } from '../http/timed-fetch.ts';
import { MARKS, SLIDES_CARD_ATTRIBUTE, TAKEN_ATTRIBUTE, UPCOMING_CARD_CLASS } from './contract.ts';
import { isStyleSheet, parsed, preload, storedToken } from './page-tools.ts';

const html = document.documentElement;
const NO_ICON = 'data:,';
const accessToken = storedToken();
if (accessToken) html.setAttribute(MARKS.session, '');
const code = inviteCodeAt(window.location.pathname);
if (code && isAcceptedHere(code, readStored)) html.setAttribute(MARKS.inviteAccepted, '');

const signInReturn = readSignInReturnParams(window.location.search);
const returning = isSignInReturn(signInReturn);

// A return with this browser's login's state: the code exchanged at once, as oauth4webapi would send it,
// the answer left for the app's sign-in code to read and check; not a round trip after the app's start.
const exchange = readStored<CodeExchange>('code_exchange');
const verifier = readStored<string>('code_verifier');
const redirectUri = readStored<string>('redirect_uri');
const iss = new URLSearchParams(window.location.search).get('iss');
const fromIssuer = (sent: CodeExchange) => (iss === null ? !sent.iss_due : iss === sent.iss);
if (
  signInReturn.code &&
  signInReturn.state === readStored('state') &&
  exchange &&
  fromIssuer(exchange) &&
  verifier &&
  redirectUri
) {
  const body = new URLSearchParams({
    redirect_uri: redirectUri,
    code: signInReturn.code,
    code_verifier: verifier,
    grant_type: 'authorization_code',
    client_id: exchange.client_id,
  });
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
  };
  const xsrf = xsrfTokenFor('POST', exchange.url, window.location.href, document.cookie);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  const answer = timedFetch(exchange.url, { method: 'POST', headers, body });
  answer.catch(() => undefined); // read, and its failure told, by the app
  handOverExchange({ code: signInReturn.code, answer });
}

function moduleScript(src: string): HTMLScriptElement {
  const script = Object.assign(document.createElement('script'), { type: 'module', crossOrigin: '', src });
  document.head.append(script);
  return script;
}

/** Runs a module script; settles once it has loaded (and run) or failed. */
const runModule = (src: string) =>
  new Promise((settled) => {
    const script = moduleScript(src);
    script.addEventListener('load', settled);
    script.addEventListener('error', settled);
  });

const sessionReads = () => (accessToken === undefined ? [] : namedOn(document, PAGE_META.sessionRead));

// What the app imports as it starts, the page's modules; with a stored session, as soon as the head names them,
// the app and its signed-in modules (decision 0054); its reads and style sheet are the signed-in script's.
let fetching = false;
function fetchAhead(): void {
  if (fetching) return;
  fetching = true;
  namedOn(document, PAGE_META.preload).forEach(preload);
  namedOn(document, PAGE_META.module).forEach(preload);
  if (sessionReads().length === 0) return;
  namedOn(document, PAGE_META.entry).forEach(preload);
  namedOn(document, PAGE_META.signedIn)
    .filter((href) => !isStyleSheet(href))
    .forEach(preload);
  // The browser's date data (costly: decision 0054) loaded while the app's files are on their way.
  setTimeout(() => new Intl.DateTimeFormat(html.lang || undefined, { dateStyle: 'medium' }).format(0), 0);
}
if (document.readyState === 'loading') {
  const headParsed = new MutationObserver(() => {
    if (!document.body) return;
    headParsed.disconnect();
    holdIcons();
    if (!returning && sessionReads().length > 0) fetchAhead();
  });
  headParsed.observe(html, { childList: true });
}

// The page's icon is given back as the app starts: fetched as the page loaded, it held Lantern's LCP (0057).
const heldIcons = new Map<HTMLLinkElement, string>();
function holdIcons(): void {
  for (const icon of document.head.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')) {
    heldIcons.set(icon, icon.getAttribute('href') ?? '');
    icon.setAttribute('href', NO_ICON);
  }
}
function releaseIcons(): void {
  heldIcons.forEach((href, icon) => icon.setAttribute('href', href));
  heldIcons.clear();
}

let started = false;
function startApp(): void {
  releaseIcons();
  const [src] = namedOn(document, PAGE_META.entry);
  if (started || !src) return;
  started = true;
  if (!returning) {
    fetchAhead();
    moduleScript(src);
    return;
  }
  // A return from the identity service runs the page's modules (the sign-in code among them) first, the
  // app's code with them as what they import: the sign-in code is at hand when the session starts, not
  // imported a task later (decision 0033); the app's script then starts it if none of them did.
  namedOn(document, PAGE_META.preload).forEach(preload);
  preload(src);
  void Promise.all(namedOn(document, PAGE_META.module).map(runModule)).then(() => moduleScript(src));
}

const taps: EarlyTap[] = [];
function keep(event: MouseEvent): void {
  const button = (event.target as Element | null)?.closest?.('#root button');
  if (!(button instanceof HTMLButtonElement) || button.disabled) return;
  event.preventDefault();
  event.stopImmediatePropagation(); // React, once it listens, must not handle it a second time
  if (!taps.some((tap) => tap.button === button)) {
    taps.push({ button, at: performance.now() });
    button.setAttribute(TAKEN_ATTRIBUTE, '');
    if (button.hasAttribute(SLIDES_CARD_ATTRIBUTE)) focusUpcoming(button);
  }
  // After the frame that shows the tap taken: starting the app in it held that frame back.
  if (!started) requestAnimationFrame(() => setTimeout(startApp, 0));
}
// The card early.css shows in the slid-out card's place takes the focus as it comes in, as the app's
// next step does: keyboard and screen-reader users follow it.
function focusUpcoming(button: HTMLButtonElement): void {
  const upcoming = button.closest('.step-card')?.parentElement?.querySelector(`:scope > .${UPCOMING_CARD_CLASS}`);
  const heading = upcoming?.querySelector<HTMLElement>('[tabindex="-1"]');
  upcoming?.addEventListener('animationstart', () => heading?.focus({ preventScroll: true }), { once: true });
}
document.addEventListener('click', keep, true);
handOverTaps({
  take() {
    // The app runs: nothing more to keep, fetch or start.
    document.removeEventListener('click', keep, true);
    started = true;
    return taps.splice(0);
  },
});

// The first paint is reported once that frame is on screen; `buffered` hands over one reported
// before this asks. A browser without paint timing goes on at once.
const firstPaint = () =>
  new Promise<void>((resolve) => {
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return resolve();
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });

// The page's images decoded, and two frames painted with them.
const imagesPainted = () =>
  Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))).then(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

/** How long the app's start waits at most for the largest paint to be reported, once the pictures are painted. */
const LARGEST_PAINT_WAIT_MS = 1000;
/** The browser's size of a paint is whole pixels of what is in the window; the page's box is not. */
const ABOUT_AS_LARGE = 0.9;

// Reported, not only painted: Lighthouse's simulation puts every request that ended before the
// largest paint's report on that paint's path (decision 0048). Done when the report names the largest
// picture or something about as large (a smaller one, the logo, is reported first); a browser without
// these reports goes on at once.
const largestPaintReported = () =>
  new Promise<void>((resolve) => {
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) return resolve();
    let largest: HTMLImageElement | undefined;
    let area = 0;
    for (const image of document.images) {
      if (visibleArea(image) > area) [largest, area] = [image, visibleArea(image)];
    }
    const observer = new PerformanceObserver((list) => {
      const reported = list.getEntries() as (PerformanceEntry & { element?: Element | null; size?: number })[];
      const done = (entry: (typeof reported)[number]) =>
        entry.element === largest || (entry.size ?? 0) >= area * ABOUT_AS_LARGE;
      if (!reported.some(done)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, LARGEST_PAINT_WAIT_MS);
  });

function visibleArea(image: HTMLImageElement): number {
  const box = image.getBoundingClientRect();
  const width = Math.min(box.right, window.innerWidth) - Math.max(box.left, 0);
  const height = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
  return image.naturalWidth > 0 && width > 0 && height > 0 ? width * height : 0;
}

// A return from the identity service shows the step it left as the server could render it (the
// session is this browser's, not yet known); what comes next, Confirm, waits for the app to exchange
// the code. The app starts as soon as the page is parsed, as a page the browser renders alone does.
// So does a stored session's page whose signed-in side the server did not render.
void parsed().then(() =>
  returning || sessionReads().length > 0
    ? startApp()
    : firstPaint().then(imagesPainted).then(largestPaintReported).then(startApp),
);
