// Inline in every page the app server renders, in place of the app's own script tag
// (app-server/document.ts; the CSP allows exactly this text by its hash). The page is already on
// screen, so its photo gets the network first and the app's code (100+ kB) follows once the page
// has loaded and been painted. Until then the page's buttons are disabled (src/ui/button.tsx).
// Plain JavaScript, which must never hold a closing script tag; the app's address is in the page.
const entry = document.querySelector('meta[name="app-entry"]')?.getAttribute('content');

function startApp() {
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

const loaded = () =>
  new Promise((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

// The first paint's entry is reported once that frame is on screen (animation frames can run
// before it is); `buffered` hands over an entry reported before this runs. A browser without
// paint timing goes on at once.
const firstPaint = () =>
  new Promise((resolve) => {
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return resolve();
    new PerformanceObserver((_list, observer) => {
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });

// The page's images (the photo is what a phone paints last) have arrived at `load`; decode()
// settles once they can be painted, and the frame after the next one has painted them.
const imagesPainted = () =>
  Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))).then(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

if (entry) {
  // A tap or key before then starts the app at once: the visitor wants the page to work.
  const started = new Promise((resolve) => {
    for (const type of ['pointerdown', 'keydown'])
      window.addEventListener(type, resolve, { once: true, capture: true });
  });
  Promise.race([loaded().then(firstPaint).then(imagesPainted), started]).then(startApp);
}
