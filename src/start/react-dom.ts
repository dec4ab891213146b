/** React DOM's client (`react-root.ts`), a file of its own: what puts the app on the page. */
export type ReactRoot = typeof import('./react-root.ts');

/**
 * Loads React DOM's client, early in the start-up. The page fetches its file with the app's
 * (index.html preloads it, vite.config.ts; a page the server rendered names it for the page script),
 * and the browser evaluates it in a task of its own: in the app's file, its evaluation was most of
 * the entry's, the first route's longest task (decision 0033).
 */
export const loadReactRoot = (): Promise<ReactRoot> => import('./react-root.ts');
