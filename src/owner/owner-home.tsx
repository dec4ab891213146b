import './owner.css';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Announcer } from './announcer.tsx';
import { ownerBikesQuery } from './owner-bikes-query.ts';
import { useBikeService } from './owner-service.ts';
import { SharedBikes } from './shared-bikes.tsx';
import { sharedBikesQuery } from './shared-bikes-query.ts';
import { YourBikes } from './your-bikes.tsx';

/** The owner's lists read while the session is checked, kept by an observer (OWNER_GC_MS): decision 0049. */
export function OwnerPrefetch() {
  const service = useBikeService();
  useQuery(ownerBikesQuery(service));
  useQuery(sharedBikesQuery(service));
  return null;
}

/** The owner's side of the signed-in home (docs/behaviour/owner-side.md), loaded once someone is signed in. */
export function OwnerHome() {
  const bikesHeading = useRef<HTMLHeadingElement>(null);
  const service = useBikeService();
  const bikes = useQuery(ownerBikesQuery(service));
  const shared = useQuery(sharedBikesQuery(service));
  // A bike service with only the spec's calls: the page is the spec's, nothing of this is shown.
  if (bikes.data === null && shared.data === null) return null;
  return (
    <Announcer>
      <YourBikes headingRef={bikesHeading} />
      <SharedBikes fallbackFocus={() => bikesHeading.current ?? document.querySelector('h1')} />
    </Announcer>
  );
}
