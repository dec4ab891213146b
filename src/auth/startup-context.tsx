import { createContext, useContext, type ReactNode } from 'react';
import type { StartupParams } from './startup-params.ts';

const StartupContext = createContext<StartupParams>({ code: null, state: null, error: null });

/** The address's `code`, `state` and `error` as they were when the app loaded. */
export function StartupProvider({ params, children }: { params: StartupParams; children: ReactNode }) {
  return <StartupContext value={params}>{children}</StartupContext>;
}

export function useStartupParams(): StartupParams {
  return useContext(StartupContext);
}
