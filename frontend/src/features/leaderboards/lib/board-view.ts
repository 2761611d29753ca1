import {
  LEADERBOARD_METRICS,
  LEADERBOARD_PERIODS,
  globalBoard,
  type LeaderboardBoard,
  type LeaderboardMetric,
  type LeaderboardPeriod,
} from '@cinema-dna/shared-types';

/** The page's three tabs (spec §2), as the URL's `?tab=` names them. */
export const BOARD_TABS = ['global', 'weekly', 'challenges'] as const;
export type BoardTab = (typeof BOARD_TABS)[number];

export const BOARD_TAB_LABELS: Record<BoardTab, string> = {
  global: 'Global Rankings',
  weekly: 'This Week',
  challenges: 'Challenge Masters',
};

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = { 'all-time': 'All time', monthly: 'This month', yearly: 'This year' };
export const METRIC_LABELS: Record<LeaderboardMetric, string> = { points: 'Points', connections: 'Connections', efficiency: 'Efficiency' };

/** Which board is on screen: a tab, and on Global its period and metric. */
export type BoardView = { tab: 'global'; period: LeaderboardPeriod; metric: LeaderboardMetric } | { tab: 'weekly' } | { tab: 'challenges' };

export function boardOf(view: BoardView): LeaderboardBoard {
  if (view.tab === 'global') return globalBoard(view.period, view.metric);
  return view.tab;
}

/** The board's read: GET /api/leaderboards/global?period&metric, /weekly or /challenges. */
export function boardPath(view: BoardView): string {
  if (view.tab === 'global') return `/api/leaderboards/global?${new URLSearchParams({ period: view.period, metric: view.metric })}`;
  return `/api/leaderboards/${view.tab}`;
}

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

/** The view the URL asks for; anything unknown falls back to the global all-time points board. */
export function viewFromParams(params: URLSearchParams): BoardView {
  const tab = pick(BOARD_TABS, params.get('tab'), 'global');
  if (tab !== 'global') return { tab };
  return { tab, period: pick(LEADERBOARD_PERIODS, params.get('period'), 'all-time'), metric: pick(LEADERBOARD_METRICS, params.get('metric'), 'points') };
}

/** The URL for a view, leaving out what is the default. */
export function paramsFromView(view: BoardView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== 'global') params.set('tab', view.tab);
  else {
    if (view.period !== 'all-time') params.set('period', view.period);
    if (view.metric !== 'points') params.set('metric', view.metric);
  }
  return params;
}

/** The metric a board ranks by. */
export const metricOf = (view: BoardView): LeaderboardMetric => (view.tab === 'global' ? view.metric : 'points');
