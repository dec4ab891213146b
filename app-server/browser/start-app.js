// Sent with every page the app server renders, in place of the app's own script tag: the page is
// already on screen, so its photo gets the network first and the app's code (100+ kB) follows
// once the page has loaded. Until then the page's buttons are disabled (src/ui/button.tsx).
// Plain JavaScript, served as it is by app-server/documents.ts; the app's address is in the page.
const entry = document.querySelector('meta[name="app-entry"]')?.getAttribute('content');

function startApp() {
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

if (entry) {
  if (document.readyState === 'complete') startApp();
  else window.addEventListener('load', startApp, { once: true });
}
