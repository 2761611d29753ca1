/** What a list shows: still loading, failed, or its cards and where they came from. */
export type ListView<T> =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  | { status: 'success'; items: T[]; /** 'trending' when the trending list stands in for the list's own data (spec §2). */ source: 'own' | 'trending' };

/** The parts of a query a list looks at. */
export interface ListQuery<T> {
  data: T[] | undefined;
  isError: boolean;
  error: unknown;
}

/** True while the list's own data is missing: it failed or came back empty. */
export const ownDataMissing = (own: ListQuery<unknown>) => own.isError || own.data?.length === 0;

/** The slice of trending that stands in for a list: `limit` films from `offset`, or the first `limit` when trending is shorter. */
function trendingSlice<F>(trending: F[], limit: number, offset: number): F[] {
  const slice = trending.slice(offset, offset + limit);
  return slice.length > 0 ? slice : trending.slice(0, limit);
}

/**
 * A list with the spec's fallback (§2): its own first `limit` cards; when its own data is missing
 * (failed or empty), a slice of the trending list instead (`limit` films from `offset`). It fails only
 * when both do, and is empty only when both are.
 */
export function listWithFallback<T, F>(own: ListQuery<T>, trending: ListQuery<F>, limit: number, offset = 0): ListView<T | F> {
  if (own.data && own.data.length > 0) return { status: 'success', items: own.data.slice(0, limit), source: 'own' };
  if (!ownDataMissing(own)) return { status: 'pending' };
  if (trending.data && trending.data.length > 0) return { status: 'success', items: trendingSlice(trending.data, limit, offset), source: 'trending' };
  if (trending.isError) return { status: 'error', error: own.isError ? own.error : trending.error };
  if (!trending.data) return { status: 'pending' };
  return own.isError ? { status: 'error', error: own.error } : { status: 'success', items: [], source: 'own' };
}

/** A list without a fallback: its first `limit` cards. */
export function listOf<T>(query: ListQuery<T>, limit: number): ListView<T> {
  if (query.isError) return { status: 'error', error: query.error };
  if (!query.data) return { status: 'pending' };
  return { status: 'success', items: query.data.slice(0, limit), source: 'own' };
}
