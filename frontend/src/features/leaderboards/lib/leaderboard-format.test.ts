import { describe, expect, it } from 'vitest';
import { boardOf, boardPath, paramsFromView, viewFromParams } from './board-view';
import { describeChange, formatChange, formatScore, formatWindow } from './score-format';

describe('leaderboard formatting', () => {
  it('shows efficiency as a percent and counts as whole numbers', () => {
    expect(formatScore(0.8333, 'efficiency')).toBe('83%');
    expect(formatScore(1, 'efficiency')).toBe('100%');
    expect(formatScore(12345, 'points')).toBe('12,345');
    expect(formatScore(7, 'connections')).toBe('7');
  });

  it('shows places moved today with arrows, and says it in words', () => {
    expect(formatChange(2)).toBe('▲ 2');
    expect(formatChange(-3)).toBe('▼ 3');
    expect(formatChange(0)).toBe('–');
    expect(describeChange(1)).toBe('up 1 place today');
    expect(describeChange(-2)).toBe('down 2 places today');
  });

  it('names the window of a board', () => {
    expect(formatWindow('all-time')).toBe('All time');
    expect(formatWindow('2026-11')).toBe('November 2026');
    expect(formatWindow('2026')).toBe('2026');
    expect(formatWindow('2026-W48')).toBe('Week 48, 2026');
  });
});

describe('board views', () => {
  it('reads the board from the URL, falling back to global all-time points', () => {
    expect(viewFromParams(new URLSearchParams(''))).toEqual({ tab: 'global', period: 'all-time', metric: 'points' });
    expect(viewFromParams(new URLSearchParams('period=monthly&metric=efficiency'))).toEqual({ tab: 'global', period: 'monthly', metric: 'efficiency' });
    expect(viewFromParams(new URLSearchParams('tab=weekly&period=monthly'))).toEqual({ tab: 'weekly' });
    expect(viewFromParams(new URLSearchParams('tab=nope&period=decade&metric=vibes'))).toEqual({ tab: 'global', period: 'all-time', metric: 'points' });
    expect(paramsFromView({ tab: 'global', period: 'yearly', metric: 'points' }).toString()).toBe('period=yearly');
    expect(paramsFromView({ tab: 'challenges' }).toString()).toBe('tab=challenges');
  });

  it('maps each view to its board and its read', () => {
    expect(boardOf({ tab: 'global', period: 'monthly', metric: 'connections' })).toBe('global:monthly:connections');
    expect(boardOf({ tab: 'weekly' })).toBe('weekly');
    expect(boardPath({ tab: 'global', period: 'yearly', metric: 'efficiency' })).toBe('/api/leaderboards/global?period=yearly&metric=efficiency');
    expect(boardPath({ tab: 'challenges' })).toBe('/api/leaderboards/challenges');
  });
});
