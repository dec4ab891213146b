import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { useConfig } from '../config/config-context.tsx';
import { bikeApiBase } from '../contract/service-urls.ts';
import { useSession } from '../auth/session-context.tsx';
import type { HttpClient } from '../http/http-client.ts';
import { bikeCall, RETRY_POLICIES, retrying } from '../http/bike-service.ts';
import { HttpError } from '../http/http-error.ts';

// What the owner's calls share: how they reach the bike service, what its answers mean, and how
// failures are tried again (docs/behaviour/owner-side.md).

export type BikeService = { http: HttpClient; base: string };

/** The signed-in user's HTTP client and the bike service's base, for the owner's calls. */
export function useBikeService(): BikeService {
  return { http: useSession().http, base: bikeApiBase(useConfig()) };
}

/** Every owner query's key starts with this, so one invalidation refreshes them all. */
export const OWNER_KEY = 'owner';

/**
 * The service has no such call: a brand's bike service with only the spec's calls answers 404 (or
 * 405/501). The app then leaves out what needs it (docs/decisions/0032-owner-side.md).
 */
export function isNotOffered(error: unknown): boolean {
  return error instanceof HttpError && [404, 405, 501].includes(error.status);
}

/** A list read gives up after this long, so a slow service becomes a message with a retry. */
export const LIST_TIMEOUT_MS = 10_000;

/** Owner data is of one user only: it leaves the cache once no page shows it. */
export const OWNER_GC_MS = 0;

/** Read again on the window's focus once this old (an invitee may have just accepted), at most once a minute. */
export const OWNER_STALE_MS = 60_000;

/**
 * A list the owner's side reads from the bike service at `path` (under its base), with what every
 * such list shares: its items read with their schema, a time-out, the list's retry policy, refetch once stale, and `null`
 * when the service has no such call.
 */
export const listQuery = <T extends v.GenericSchema>(
  key: readonly [typeof OWNER_KEY, string],
  path: string,
  item: T,
  { http, base }: BikeService,
) =>
  queryOptions<v.InferOutput<T>[] | null>({
    queryKey: key,
    queryFn: async ({ signal }) => {
      try {
        return await bikeCall(http, `${base}${path}`, v.array(item), { signal, timeoutMs: LIST_TIMEOUT_MS });
      } catch (error) {
        if (isNotOffered(error)) return null;
        throw error;
      }
    },
    ...retrying(RETRY_POLICIES.list),
    staleTime: OWNER_STALE_MS,
    gcTime: OWNER_GC_MS,
  });
