// `react` and `react-dom` for the app and its libraries (vite.config.ts, decision 0050): Preact's compat
// and the one hook it lacks. JavaScript: TypeScript cannot re-export compat's `export =` by name.
export * from 'preact/compat';
export { default } from 'preact/compat';

/** React's optimistic state: the router sets one only with `useTransitions`, which the app does not pass. */
export const useOptimistic = (state) => [state, () => {}];
