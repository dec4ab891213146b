import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OWNER_EVENTS_PATH } from '../contract/bike-service.ts';
import { newlyAccepted, seenInvites, type SeenInvites } from './accepted-news.ts';
import { useAnnounce } from './announcer.tsx';
import { followEvents, oneAtATime } from './follow-events.ts';
import { ownerBikesKey, ownerBikesQuery } from './owner-bikes-query.ts';
import { useBikeService } from './owner-service.ts';

// Seen at once (docs/decisions/0046-seen-at-once.md): the live channel, or asking while an invite is shown.

export const ASK_EVERY_MS = 2000;

const WatchContext = createContext<(change: 1 | -1) => void>(() => undefined);

/** Called by what shows an invite to pass on: while it is shown, a service without events is asked. */
export function useWatchingInvite(): void {
  const watch = useContext(WatchContext);
  useEffect(() => {
    watch(1);
    return () => watch(-1);
  }, [watch]);
}

export function LiveUpdates({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const service = useBikeService();
  const { http, base } = service;
  const queryClient = useQueryClient();
  const [withoutEvents, setWithoutEvents] = useState(false);
  const [watching, setWatching] = useState(0);
  const [watch] = useState(() => (change: 1 | -1) => setWatching((count) => count + change));
  const bikes = useQuery({
    ...ownerBikesQuery(service),
    refetchInterval: withoutEvents && watching > 0 ? ASK_EVERY_MS : false,
  }).data;
  const owns = (bikes?.length ?? 0) > 0;
  const readAgain = useMemo(
    () => oneAtATime(() => queryClient.invalidateQueries({ queryKey: ownerBikesKey })),
    [queryClient],
  );

  useEffect(() => {
    if (!owns) return undefined;
    return followEvents({
      open: (signal) =>
        http.open(`${base}${OWNER_EVENTS_PATH}`, { signal, stream: true, headers: { Accept: 'text/event-stream' } }),
      // The first time too: an invite accepted between the list's reading and the stream's opening has no event.
      onOpen: readAgain,
      onEvent: readAgain,
      onNotOffered: () => setWithoutEvents(true),
    });
  }, [owns, http, base, readAgain]);

  // Told from the list the owner sees, however it came: the news never says what the list does not show.
  const seen = useRef<SeenInvites>(undefined);
  useEffect(() => {
    if (!bikes) return;
    const before = seen.current;
    seen.current = seenInvites(bikes);
    if (!before) return;
    const news = newlyAccepted(before, bikes).map((accepted) => t('owner-home.announce.now-rides', accepted));
    if (news.length > 0) announce(news.join(' '));
  }, [bikes, announce, t]);

  return <WatchContext value={watch}>{children}</WatchContext>;
}
