// What the app and its libraries import as `react` and `react-dom` (vite.config.ts): Preact's compat
// layer (docs/decisions/0050-preact.md), with the one hook React Router's RouterProvider calls that it
// lacks. JavaScript: compat's types are one `export =`, which TypeScript cannot re-export name by name.
export * from 'preact/compat';
export { default } from 'preact/compat';

/** React's optimistic state: the router sets one only with `useTransitions`, which the app does not pass. */
export const useOptimistic = (state) => [state, () => {}];
