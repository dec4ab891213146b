import { Navigate } from 'react-router';
import { useHydrated } from './use-hydrated.ts';

/** Replaces this page with another of the app, once hydrated; the server renders nothing here. */
export function Redirect({ to }: { to: string }) {
  return useHydrated() ? <Navigate to={to} replace /> : null;
}
