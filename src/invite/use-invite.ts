import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../auth/session-context.tsx';
import { useConfig } from '../config/config-context.tsx';
import { bikeApiBase } from '../config/load-config.ts';
import type { HttpClient } from '../http/http-client.ts';
import { fetchInvite } from './invite-api.ts';
import { classifyLoadError } from './invite-failure.ts';
import { isTransient, RETRIES, retryDelay } from './retry.ts';
import { isInviteCode } from '../rules/invite-code.ts';
import type { InviteLoad } from './invite-step.ts';

export const inviteKey = (code: string) => ['invite', code] as const;

/** The invite query, shared by the page's hook and the start-up prefetch in main.tsx. */
export function inviteQuery(http: HttpClient, base: string, code: string) {
  return queryOptions({
    queryKey: inviteKey(code),
    queryFn: ({ signal }) => fetchInvite(http, base, code, signal),
    retry: (failures, error) => isTransient(error) && failures < RETRIES,
    retryDelay,
    staleTime: 30_000,
  });
}

/** Loads the invite for a code; a code that cannot be one is invalid without a request. */
export function useInvite(code: string): { load: InviteLoad; reload: () => void } {
  const { http } = useSession();
  const base = bikeApiBase(useConfig());
  const valid = isInviteCode(code);
  const query = useQuery({ ...inviteQuery(http, base, code), enabled: valid });

  const reload = () => void query.refetch();
  if (!valid) return { load: { state: 'failed', failure: 'unknown' }, reload };
  if (query.data) return { load: { state: 'loaded', invite: query.data }, reload };
  if (query.isError) return { load: { state: 'failed', failure: classifyLoadError(query.error) }, reload };
  return { load: { state: 'loading' }, reload };
}
