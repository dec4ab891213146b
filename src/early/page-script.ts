// Inline, first in the <head> of every page the app server renders (app-server/document.ts), so
// it runs before the first paint. Built on its own into the renderer (vite.config.ts: pageScript).
// It does what the app cannot do yet:
// 1. marks on <html> what only this browser knows, so that the first paint already shows what
//    stays (ui.css): a stored session (`data-session`), this invite accepted here before
//    (`data-invite-accepted`);
// 2. keeps taps on the page's buttons until the app runs, shows them as taken, and hands them to
//    the app (take-over.ts), which carries them out;
// 3. fetches and starts the app's code (its address: `<meta name="app-entry">`) once the page and
//    its pictures are painted, or at the first tap (decision 0025).
import { inviteCodeAt } from '../routing/paths.ts';
import { readStored } from '../storage/web-storage.ts';
import { MARKS, TAKEN_ATTRIBUTE, type EarlyTap } from './hand-over.ts';

const html = document.documentElement;
if (readStored('access_token')) html.setAttribute(MARKS.session, '');
const code = inviteCodeAt(window.location.pathname);
if (code && readStored('invite_code') === code && readStored('is_accepted') === true)
  html.setAttribute(MARKS.inviteAccepted, '');

let started = false;
function startApp(): void {
  const src = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content;
  if (started || !src) return;
  started = true;
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = src;
  document.head.append(script);
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
  }
  startApp();
}
document.addEventListener('click', keep, true);
window.bikeInviteTaps = {
  waiting: () => taps.length > 0,
  take() {
    // The app runs: nothing more to keep, fetch or start.
    document.removeEventListener('click', keep, true);
    started = true;
    return taps.splice(0);
  },
};

const parsed = () =>
  new Promise<void>((resolve) => {
    if (document.readyState !== 'loading') resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
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

// The page's images (the bike photo is what a phone paints last) decoded, and the frame after the
// next one painted with them.
const imagesPainted = () =>
  Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))).then(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

void parsed().then(firstPaint).then(imagesPainted).then(startApp);
