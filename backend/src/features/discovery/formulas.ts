/**
 * Discovery's formulas, in one place (docs/rules/discovery.md states them too).
 *
 * Weighted rating (Highest Rated, moods, Surprise Me) — IMDb's Bayesian average:
 *   WR = v / (v + m) · R + m / (v + m) · C
 * R: the film's mean rating (0–10), v: its votes, C: the mean of R over rated films, m: the 80th
 * percentile of v over rated films. The community's ratings count as extra votes: each diary or review
 * star rating s (0.5–5) adds one vote of 2·s to R and v. A film with few votes is pulled towards C,
 * so 3 votes at 10.0 never beat 3,000 at 8.0.
 *
 * Trending (per window: day = last 24 h, week = last 7 days):
 *   score = ½ · P + ½ · A / (A + K)
 * P = ln(1 + popularity) / ln(1 + the catalog's highest popularity) (the source's popularity, 0–1);
 * A = Σ over the window's hours of (searches + views + 3 · logs + 2 · watchlists) · 2^(−age / H),
 * age = hours since that hour, H = 6 h for the day window and 36 h for the week window; K = 5, so a
 * handful of actions lifts a film by a few places and fifty lift it near the top, while a film nobody
 * used in the product keeps its place by popularity.
 *
 * Reference date (Recent, Coming Soon): the earlier of today and the latest release date of a film
 * with votes, so a dataset frozen in 2017 still has recent releases. A film known only by its year
 * counts as released on 1 July of that year.
 */

export const MINIMUM_VOTES_PERCENTILE = 0.8;
export const WEIGHTED_RATING_FORMULA = 'WR = v/(v+m)·R + m/(v+m)·C (R: mean rating, v: votes, m: 80th percentile of votes, C: mean rating over rated films; diary and review stars count as votes of 2×stars)';
export const TRENDING_FORMULA =
  'score = ½·ln(1+popularity)/ln(1+max popularity) + ½·A/(A+5), A = Σ (searches + views + 3·logs + 2·watchlists)·2^(−age/H) over the window (day: 24 h, H = 6 h; week: 7 days, H = 36 h)';

/** Activity weights per kind of action. */
export const ACTIVITY_WEIGHTS = { searches: 1, views: 1, logs: 3, watchlists: 2 } as const;
/** Half-lives of activity per trending window, in hours, and the windows' lengths. */
export const TRENDING_WINDOWS = {
  day: { hours: 24, halfLifeHours: 6 },
  week: { hours: 7 * 24, halfLifeHours: 36 },
} as const;
/** Activity at which the activity half of the trending score is half full. */
export const ACTIVITY_SATURATION = 5;
export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

export interface ActivityCounts {
  searches: number;
  views: number;
  logs: number;
  watchlists: number;
}

/** A bucket's weighted activity, decayed by its age in hours. */
export function decayedActivity(counts: ActivityCounts, ageHours: number, halfLifeHours: number): number {
  const weighted = counts.searches * ACTIVITY_WEIGHTS.searches + counts.views * ACTIVITY_WEIGHTS.views + counts.logs * ACTIVITY_WEIGHTS.logs + counts.watchlists * ACTIVITY_WEIGHTS.watchlists;
  return weighted * 2 ** (-Math.max(0, ageHours) / halfLifeHours);
}

/** The trending score of a film or person from its normalised popularity (0–1) and its decayed activity. */
export function trendingScore(normalisedPopularity: number, activity: number): number {
  return 0.5 * normalisedPopularity + 0.5 * (activity / (activity + ACTIVITY_SATURATION));
}

/** ln(1 + popularity) scaled so the catalog's most popular entity is 1. */
export function popularityScale(maxPopularity: number): (popularity: number) => number {
  const top = Math.log1p(Math.max(0, maxPopularity));
  return (popularity) => (top > 0 ? Math.log1p(Math.max(0, popularity)) / top : 0);
}

/** IMDb's weighted rating (see the module comment). */
export function weightedRating(rating: number, votes: number, minimumVotes: number, meanRating: number): number {
  if (votes + minimumVotes <= 0) return meanRating;
  return (votes / (votes + minimumVotes)) * rating + (minimumVotes / (votes + minimumVotes)) * meanRating;
}

/** The `p` quantile (0–1) of `values` (nearest rank on the sorted values); null when empty. */
export function percentile(values: ArrayLike<number>, p: number): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values as ArrayLike<number>).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank]!;
}

/** No release date known (for the day numbers below). */
export const NO_DAY = -2_147_483_648;

/** Days since 1970-01-01 (UTC) of a YYYY-MM-DD date; a year alone is 1 July; NO_DAY when neither is usable. */
export function releaseDay(date: string | null | undefined, year: number | null | undefined): number {
  if (date && /^\d{4}-\d{2}-\d{2}/.test(date)) {
    const ms = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
    if (Number.isFinite(ms)) return Math.floor(ms / DAY_MS);
  }
  if (year !== null && year !== undefined && Number.isInteger(year) && year > 1800 && year < 3000) return Math.floor(Date.UTC(year, 6, 1) / DAY_MS);
  return NO_DAY;
}

/** YYYY-MM-DD of a day number. */
export const dayToDate = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The data's "today": the earlier of today and the data's last day — the latest release of a film
 * with votes, or in a catalog without votes its latest film released by today (null: today).
 */
export function referenceDay(todayMs: number, latestRatedRelease: number | null): number {
  const today = Math.floor(todayMs / DAY_MS);
  return latestRatedRelease === null ? today : Math.min(today, latestRatedRelease);
}
