/**
 * Type-level tests of the typed client, checked by `npm run typecheck` (never run, never bundled: nothing imports
 * this file). Each `@ts-expect-error` line must fail to compile; if the contract stopped catching the mistake, the
 * directive itself would be reported as unused and typecheck would fail.
 */
import type { Watchlist, WatchlistItem } from '@cinema-dna/shared-types';
import { api } from './api-client-typed';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(_proof?: T) => undefined;

export async function typedClientChecks(signal: AbortSignal) {
  // The answer has the route's type.
  const _list = await api.get('/api/watchlist', { signal });
  assertType<Equal<typeof _list, Watchlist>>();
  const _added = await api.post('/api/watchlist', { body: { movieId: 'heat-1995', movieTitle: 'Heat', posterPath: null } });
  assertType<Equal<typeof _added, WatchlistItem>>();
  // An empty answer (204) is undefined.
  const _removed = await api.delete('/api/watchlist/:movieId', { params: { movieId: 'heat-1995' } });
  assertType<Equal<typeof _removed, undefined>>();

  // @ts-expect-error a path the contract does not have (a renamed route breaks the build)
  await api.get('/api/watch-list');
  // @ts-expect-error a path served by another method
  await api.get('/api/watched');
  // @ts-expect-error a body missing a required field
  await api.post('/api/watchlist', { body: { movieId: 'heat-1995' } });
  // @ts-expect-error a body field of the wrong type
  await api.post('/api/watchlist', { body: { movieId: 'heat-1995', movieTitle: 42, posterPath: null } });
  // @ts-expect-error a write whose body is missing
  await api.post('/api/watchlist');
  // @ts-expect-error a path parameter missing
  await api.delete('/api/watchlist/:movieId', { params: {} });
  // @ts-expect-error a path parameter the path does not name
  await api.get('/api/users/:id/watchlist', { params: { userId: 1 } });
  // @ts-expect-error a query value the schema refuses (state is open | hidden | all)
  await api.get('/api/admin/reports', { query: { state: 'closed' } });
  // @ts-expect-error a body on a route that reads none
  await api.get('/api/watchlist', { body: {} });
  // @ts-expect-error the answer's type is the route's, not a cast
  const wrong: WatchlistItem = await api.get('/api/watchlist');
  return wrong;
}
