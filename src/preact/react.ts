// What the app and its libraries import as `react` and `react-dom`: Preact's compat layer
// (docs/decisions/0050-preact.md), with the one hook React Router's RouterProvider calls that it lacks.
export * from 'preact/compat';
export { default } from 'preact/compat';

/** React's optimistic state: the router sets one only with `useTransitions`, which the app does not pass. */
export const useOptimistic = <S>(state: S): [S, (action: unknown) => void] => [state, () => {}];
