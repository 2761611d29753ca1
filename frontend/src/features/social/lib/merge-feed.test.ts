import { describe, expect, it } from 'vitest';
import { activityItem } from '../../../test/social-fixtures';
import { FEED_READ_GRACE_MS, liveItemsStillShown, mergeFeed } from './merge-feed';

describe('mergeFeed', () => {
  it('puts live items on top of the pages, newest first', () => {
    const live = [activityItem('12', { timestamp: '2026-11-27T08:02:00.000Z' }), activityItem('11', { timestamp: '2026-11-27T08:01:00.000Z' })];
    const pages = [activityItem('10', { timestamp: '2026-11-27T08:00:00.000Z' }), activityItem('9', { timestamp: '2026-11-27T07:00:00.000Z' })];
    expect(mergeFeed(live, pages).map((item) => item.id)).toEqual(['12', '11', '10', '9']);
  });

  it('shows an item that came live and again with a refetch only once', () => {
    const live = [activityItem('11', { timestamp: '2026-11-27T08:01:00.000Z' })];
    const pages = [activityItem('11', { timestamp: '2026-11-27T08:01:00.000Z' }), activityItem('10', { timestamp: '2026-11-27T08:00:00.000Z' })];
    expect(mergeFeed(live, pages).map((item) => item.id)).toEqual(['11', '10']);
  });

  it('orders equal times by row id (numeric strings of any length)', () => {
    const at = '2026-11-27T08:00:00.000Z';
    expect(mergeFeed([activityItem('9', { timestamp: at })], [activityItem('10', { timestamp: at })]).map((item) => item.id)).toEqual(['10', '9']);
  });
});

describe('liveItemsStillShown', () => {
  const item = activityItem('11');
  it('keeps a live item the feed read has too, or one that arrived after (or just before) that read', () => {
    expect(liveItemsStillShown([item], { '11': 1_000 }, new Set(['11']), 60_000)).toEqual([item]);
    expect(liveItemsStillShown([item], { '11': 61_000 }, new Set(), 60_000)).toEqual([item]);
    expect(liveItemsStillShown([item], { '11': 60_000 - FEED_READ_GRACE_MS + 1 }, new Set(), 60_000)).toEqual([item]);
  });

  it('drops a live item that a later read of the feed no longer has (taken back: deleted or made private)', () => {
    expect(liveItemsStillShown([item], { '11': 1_000 }, new Set(['10']), 60_000)).toEqual([]);
  });
});
