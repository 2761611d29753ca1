import type { AppSocket } from '../realtime';
import { cancelSearch, stopLiveSearch } from './store-live-search';
import { connectionsState, defaultSearchParameters } from './store-state';

// The connections store, by job: the finder's picks and settings (store-finder.ts) and the live-search machine
// (store-live-search.ts), over one valtio state (store-state.ts). Components import from here.

export { connectionsState, defaultSearchParameters } from './store-state';
export { avoidEntity, pairProblem, resetParameters, setFromEntity, setPair, setToEntity, swapEntities, unavoidEntity, updateParameters } from './store-finder';
export {
  cancelSearch,
  handleSocketDisconnect,
  PACING,
  receiveCompleted,
  receiveFailed,
  receiveProgress,
  SEARCH_FAILED_MESSAGE,
  SEARCH_FAILED_TITLE,
  skipReveal,
  startSearch,
  type FrontierLayer,
  type RunPhase,
  type SearchRun,
  type StartSearchInput,
} from './store-live-search';

/** Clears both picks and the search. */
export function clearFinder(socket?: AppSocket | null): void {
  connectionsState.from = null;
  connectionsState.to = null;
  cancelSearch(socket);
}

/** Back to a fresh page load (tests). */
export function resetConnections(): void {
  stopLiveSearch();
  Object.assign(connectionsState, { from: null, to: null, parameters: defaultSearchParameters(), avoidNames: {}, run: null });
}
