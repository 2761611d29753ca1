import type { ActivityItem } from '@cinema-dna/shared-types';
import { proxy } from 'valtio';

interface LiveFeedState {
  /** Whose feed the items belong to: a different signed-in user starts an empty list. */
  viewerId: number | null;
  /** Items pushed by `activity:new` since the feed was read, newest first. */
  items: ActivityItem[];
  /** When each item arrived (client clock, ms), by id: a later read of the feed that lacks it took it back. */
  receivedAt: Record<string, number>;
}

/** Most live items kept: the page that reads the feed again drops the ones it has. */
const LIVE_ITEMS_MAX = 100;

/** The activity that arrived over the socket while the feed was open. */
export const liveFeedState = proxy<LiveFeedState>({ viewerId: null, items: [], receivedAt: {} });

/** Keeps a pushed item for `viewerId`'s feed (once: a redelivered item changes nothing). */
export function addLiveItem(viewerId: number, item: ActivityItem, now: number = Date.now()): void {
  if (liveFeedState.viewerId !== viewerId) {
    liveFeedState.viewerId = viewerId;
    liveFeedState.items = [];
    liveFeedState.receivedAt = {};
  }
  if (liveFeedState.items.some((existing) => existing.id === item.id)) return;
  liveFeedState.items = [item, ...liveFeedState.items].slice(0, LIVE_ITEMS_MAX);
  liveFeedState.receivedAt[item.id] = now;
}

/** Forgets the live items (the feed was read again from the start, or the session ended). */
export function resetLiveFeed(): void {
  liveFeedState.viewerId = null;
  liveFeedState.items = [];
  liveFeedState.receivedAt = {};
}
