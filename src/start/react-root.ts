// React DOM's client, which puts the app on the page, in a file of its own (loadReactRoot in react-dom.ts).
export { createRoot, hydrateRoot } from 'react-dom/client';
