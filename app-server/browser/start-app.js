// Sent with every page the app server renders, in place of the app's own script tag: the page is
// already on screen, so its photo gets the network first and the app's code (100+ kB) follows
// once the page has loaded and been painted (on a fast link `load` can come before the first
// paint). Until then the page's buttons are disabled (src/ui/button.tsx).
// Plain JavaScript, served as it is by app-server/documents.ts; the app's address is in the page.
const entry = document.querySelector('meta[name="app-entry"]')?.getAttribute('content');

function startApp() {
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

// The frame after the next one: the loaded page has been painted by then.
const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(startApp));

if (entry) {
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
}
