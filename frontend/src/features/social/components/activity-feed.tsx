import { AnimatePresence, motion, useReducedMotion } from 'framer-motion';
import { Activity } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { authState } from '../../auth';
import { Button } from '../../../ui/button';
import { LiveRegion, useAnnouncer } from '../../../ui/live-region';
import { Skeleton } from '../../../ui/skeleton';
import { Spinner } from '../../../ui/spinner';
import { serverNow } from '../../../lib/server-clock';
import { useActivityFeed } from '../api/get-activity-feed';
import { liveItemsStillShown, mergeFeed } from '../lib/merge-feed';
import { liveFeedState } from '../store';
import { ActivityEntry } from './activity-entry';
import { EmptyState, LoadFailed } from './user-grid';

export const NO_RECENT_ACTIVITY = 'No Recent Activity';

/** The server's clock, as the relative times read it, ticking every minute. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * 'Recent Activity': the people you follow, newest first, page by page ('Load more'). Items pushed
 * by `activity:new` slide in at the top; an item that later arrives with a page again shows once.
 */
export function ActivityFeed() {
  const viewerId = useSnapshot(authState).user?.id;
  const live = useSnapshot(liveFeedState);
  const feed = useActivityFeed();
  const reduce = useReducedMotion();
  const now = useMinuteClock();
  const liveItems = live.viewerId === viewerId ? live.items : undefined;
  const readAt = feed.dataUpdatedAt;
  const items = useMemo(() => {
    const read = feed.data?.pages.flatMap((page) => page.items) ?? [];
    const stillLive = liveItemsStillShown(liveItems ?? [], live.receivedAt, new Set(read.map((item) => item.id)), readAt);
    return mergeFeed(stillLive, read);
  }, [liveItems, live.receivedAt, feed.data, readAt]);

  const newest = liveItems?.[0];
  // A new item is said once, politely; a burst of them is said as its newest (the region is throttled).
  const { message, announce } = useAnnouncer();
  const newestId = newest?.id;
  const newestName = newest ? newest.user.displayName || newest.user.username : null;
  useEffect(() => {
    if (newestId !== undefined && newestName) announce(`New activity from ${newestName}`);
  }, [newestId, newestName, announce]);

  if (feed.isError) return <LoadFailed what="Recent activity" error={feed.error} onRetry={() => void feed.refetch()} />;
  if (!feed.data) {
    return (
      <div aria-busy="true" aria-label="Loading recent activity" className="grid gap-3">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} className="h-[4.5rem] rounded-2xl" />
        ))}
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState title={NO_RECENT_ACTIVITY} icon={<Activity aria-hidden className="size-6 text-bone-500" strokeWidth={1.6} />}>
        Follow people to see their reviews, diary entries, badges and connections here as they happen.
      </EmptyState>
    );
  }
  return (
    <div>
      {/* Screen readers hear the newest pushed item, not the whole list again on every change. */}
      <LiveRegion message={message} />
      <ol aria-label="Recent Activity" className="grid gap-3">
        {/* initial={false}: the first page appears as it is; only items arriving later slide in. */}
        <AnimatePresence initial={false}>
          {items.map((item) => (
            <motion.li
              key={item.id}
              layout={reduce ? false : 'position'}
              initial={reduce ? { opacity: 0 } : { opacity: 0, y: -24, scale: 0.98 }}
              animate={{ opacity: 1, y: 0, scale: 1 }}
              transition={{ duration: reduce ? 0.15 : 0.35, ease: [0.22, 1, 0.36, 1] }}
            >
              <ActivityEntry item={item} now={now} />
            </motion.li>
          ))}
        </AnimatePresence>
      </ol>
      {feed.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage && <Spinner className="size-4" label="Loading more activity" />}
            {feed.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
