import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { isInviteCode } from '../contract/invite-code.ts';
import type { BikeInvite } from './invite-api.ts';
import { RETRY_POLICIES, retrying } from '../http/bike-service.ts';
import { outcomeOfLoad } from './invite-outcome.ts';
import type { InviteLoad } from './invite-step.ts';

const INVITES = 'invite';
export const inviteKey = (code: string) => [INVITES, code] as const;

/** The invite of a code. How it is read is the query client's default for invites (setInviteSource). */
export const inviteQuery = (code: string) => queryOptions<BikeInvite>({ queryKey: inviteKey(code), staleTime: 30_000 });

export type InviteReader = (code: string, signal: AbortSignal) => Promise<BikeInvite>;

/** Sets how this client reads invites: with `retries` (the browser) transient failures are tried again. */
export function setInviteSource(client: QueryClient, read: InviteReader, retries: boolean): void {
  client.setQueryDefaults([INVITES], {
    queryFn: ({ queryKey, signal }) => read(String(queryKey[1]), signal),
    ...(retries ? retrying(RETRY_POLICIES.invite) : { retry: false }),
    retryOnMount: false, // a read the loader tried (and retried) is not tried again by the page: its Retry button does
  });
}

/** Loads the invite for a code; a code that cannot be one is invalid without a request. */
export function useInvite(code: string): { load: InviteLoad; reload: () => void } {
  const valid = isInviteCode(code);
  const query = useQuery({ ...inviteQuery(code), enabled: valid });
  const reload = () => void query.refetch();
  if (!valid) return { load: { state: 'failed', outcome: 'unknown' }, reload };
  if (query.data) return { load: { state: 'loaded', invite: query.data }, reload };
  if (query.isError) return { load: { state: 'failed', outcome: outcomeOfLoad(query.error) }, reload };
  return { load: { state: 'loading' }, reload };
}
