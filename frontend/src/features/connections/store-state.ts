import { SearchParametersSchema, type EntitySummary, type SearchParameters } from '@cinema-dna/shared-types';
import { proxy } from 'valtio';
import type { SearchRun } from './store-live-search';

// The connections feature's one valtio state: the finder's picks and settings (store-finder.ts) and the live search
// of the page (store-live-search.ts). The public API is re-exported by store.ts.

interface ConnectionsState {
  /** The home finder's picks (the quick finder and the advanced panel share them). */
  from: EntitySummary | null;
  to: EntitySummary | null;
  /** Search parameters of the Settings panel (spec §9 defaults). */
  parameters: SearchParameters;
  /** Names of avoided entities, by key, for the chips that list them. */
  avoidNames: Record<string, string>;
  run: SearchRun | null;
}

export function defaultSearchParameters(): SearchParameters {
  return SearchParametersSchema.parse({});
}

/** The finder, its settings and the one live search of the page. */
export const connectionsState = proxy<ConnectionsState>({
  from: null,
  to: null,
  parameters: defaultSearchParameters(),
  avoidNames: {},
  run: null,
});

/** A plain, mutable copy: inputs may be valtio snapshots (frozen) or proxies. */
export function plainCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
