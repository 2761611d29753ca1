import type { ActivityItem } from '@cinema-dna/shared-types';

/**
 * The feed as shown: live items (newest first) on top of the pages read from the server, each item
 * once. An item pushed live and then read again by a refetch keeps its place at the top; items are
 * ordered newest first by time, then by id, so a late live item never sits above a newer one.
 */
export function mergeFeed(live: readonly ActivityItem[], pages: readonly ActivityItem[]): ActivityItem[] {
  const seen = new Set<string>();
  const merged: ActivityItem[] = [];
  for (const item of [...live, ...pages]) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    merged.push(item);
  }
  return merged.sort(newestFirst);
}

function newestFirst(a: ActivityItem, b: ActivityItem): number {
  const byTime = Date.parse(b.timestamp) - Date.parse(a.timestamp);
  if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
  // Row ids are 64-bit integers as strings: compare by length, then lexically.
  return b.id.length - a.id.length || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
}

/** How long before a read of the feed finished an item must have arrived for that read to have seen it. */
export const FEED_READ_GRACE_MS = 5_000;

/**
 * The live items a read of the feed has not overtaken: an item pushed well before the first page
 * was read, and missing from it, was taken back since (a deleted review, an entry made private).
 */
export function liveItemsStillShown(
  live: readonly ActivityItem[],
  receivedAt: Readonly<Record<string, number>>,
  readItemIds: ReadonlySet<string>,
  readAt: number,
): ActivityItem[] {
  return live.filter((item) => readItemIds.has(item.id) || (receivedAt[item.id] ?? Infinity) > readAt - FEED_READ_GRACE_MS);
}
