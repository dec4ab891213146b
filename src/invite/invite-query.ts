import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { InviteCode } from '../contract/invite-code.ts';
import type { BikeInvite } from './invite-api.ts';
import { RETRY_POLICIES, retrying } from '../http/bike-service.ts';
import { outcomeOfLoad } from './invite-outcome.ts';
import type { InviteLoad } from './invite-step.ts';

const INVITES = 'invite';
export const inviteKey = (code: InviteCode) => [INVITES, code] as const;

/** The invite of a code. How it is read is the query client's default for invites (setInviteSource). */
export const inviteQuery = (code: InviteCode) =>
  queryOptions<BikeInvite>({ queryKey: inviteKey(code), staleTime: 30_000 });

export type InviteReader = (code: InviteCode, signal: AbortSignal) => Promise<BikeInvite>;

/** Sets how this client reads invites: with `retries` (the browser) transient failures are tried again. */
export function setInviteSource(client: QueryClient, read: InviteReader, retries: boolean): void {
  client.setQueryDefaults([INVITES], {
    queryFn: ({ queryKey, signal }) => read(queryKey[1] as InviteCode, signal),
    ...(retries ? retrying(RETRY_POLICIES.invite) : { retry: false }),
    retryOnMount: false, // a read the loader tried (and retried) is not tried again by the page: its Retry button does
  });
}

export function useInvite(code: InviteCode): { load: InviteLoad; reload: () => void } {
  const query = useQuery(inviteQuery(code));
  const reload = () => void query.refetch();
  if (query.data) return { load: { state: 'loaded', invite: query.data }, reload };
  if (query.isError) return { load: { state: 'failed', outcome: outcomeOfLoad(query.error) }, reload };
  return { load: { state: 'loading' }, reload };
}
