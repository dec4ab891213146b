import { Navigate } from 'react-router';
import { useHydrated } from './use-hydrated.ts';

/**
 * Goes to another page of the app, replacing this one in the history. Only in the browser: a
 * page the server renders (and its hydration) shows nothing here, and the browser goes on from it.
 */
export function Redirect({ to }: { to: string }) {
  return useHydrated() ? <Navigate to={to} replace /> : null;
}
