import './owner.css';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from '../auth/session-context.tsx';
import { dropSignedInPart } from '../early/take-over.ts';
import type { Session } from '../auth/session.ts';
import { Announcer } from './announcer.tsx';
import { LiveUpdates } from './live-updates.tsx';
import { ownerBikesKey, ownerBikesQuery, type OwnerBike } from './owner-bikes-query.ts';
import { useBikeService } from './owner-service.ts';
import { SharedBikes } from './shared-bikes.tsx';
import { sharedBikesKey, sharedBikesQuery, type SharedBike } from './shared-bikes-query.ts';
import { YourBikes } from './your-bikes.tsx';

/** Each app's owner lists, kept while the app runs (the session is the app's): TanStack Query is the
 * owner's side's alone, in its chunk, not on the invite page's first route (decision 0047). */
const clients = new WeakMap<Session, QueryClient>();
// Sent offline too, so that it fails and says so: held, an action hung busy and ran unasked when back online.
const ALWAYS_SEND = { queries: { networkMode: 'always' }, mutations: { networkMode: 'always' } } as const;

function ownerClient(session: Session): QueryClient {
  let client = clients.get(session);
  if (!client) clients.set(session, (client = new QueryClient({ defaultOptions: ALWAYS_SEND })));
  return client;
}

const useOwnerClient = () => ownerClient(useSession());

/** The lists the app server read for `session`'s signed-in part (decision 0056), as if the owner's side had. */
export function seedOwnerLists(session: Session, lists: { bikes: OwnerBike[]; shared: SharedBike[] }): void {
  const client = ownerClient(session);
  client.setQueryData(ownerBikesKey, lists.bikes);
  client.setQueryData(sharedBikesKey, lists.shared);
}

/** The owner's side of the signed-in home (docs/behaviour/owner-side.md), loaded once someone is signed in. */
export function OwnerHome() {
  return (
    <QueryClientProvider client={useOwnerClient()}>
      <OwnerLists />
    </QueryClientProvider>
  );
}

/** The owner's lists read while the session is checked, kept by an observer (OWNER_GC_MS): decision 0049. */
export function OwnerPrefetch() {
  return (
    <QueryClientProvider client={useOwnerClient()}>
      <ReadLists />
    </QueryClientProvider>
  );
}

function ReadLists() {
  const service = useBikeService();
  useQuery(ownerBikesQuery(service));
  useQuery(sharedBikesQuery(service));
  return null;
}

function OwnerLists() {
  const bikesHeading = useRef<HTMLHeadingElement>(null);
  const service = useBikeService();
  const bikes = useQuery(ownerBikesQuery(service));
  const shared = useQuery(sharedBikesQuery(service));
  const settled = !bikes.isPending && !shared.isPending;
  useEffect(() => {
    if (settled) dropSignedInPart();
  }, [settled]);
  // A bike service with only the spec's calls: the page is the spec's, nothing of this is shown.
  if (bikes.data === null && shared.data === null) return null;
  return (
    <Announcer>
      <LiveUpdates>
        <YourBikes headingRef={bikesHeading} />
        <SharedBikes fallbackFocus={() => bikesHeading.current ?? document.querySelector('h1')} />
      </LiveUpdates>
    </Announcer>
  );
}
