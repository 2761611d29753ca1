import { lazy } from 'react';

export { ALTERNATIVES_LIMIT, findAlternatives, useAlternatives } from './api/find-alternatives';
export { findConnection } from './api/find-connection';
export { getTrending, useTrending } from './api/get-trending';
export { saveConnection, saveConnectionPayload } from './api/save-connection';
/** The advanced panel is its own chunk (pages show it below the fold, with LoadWhenNear): no static export. */
export const LazyAdvancedPanel = lazy(() => import('./components/advanced-panel').then((module) => ({ default: module.AdvancedPanel })));
export { ConnectFromEntity, ENTITY_SEARCH_FAILED_TITLE } from './components/connect-from-entity';
export { ConnectionFinder, toastPairProblem } from './components/connection-finder';
export { ConnectionResult, noConnectionText } from './components/connection-result';
export { ExamplePairs, EXAMPLE_PAIRS, exampleLookups } from './components/example-pairs';
export { PairPageHeader } from './components/pair-page-header';
export { PathChain, stepLabel } from './components/path-chain';
export { preloadSearchStage, SearchStage } from './components/lazy-search-stage';
export { TrendingGrid } from './components/trending-section';
export { useConnectionSearch } from './hooks/use-connection-search';
export { useLiveSearchEvents } from './hooks/use-live-search-events';
export { describeRelationship } from './lib/relationship-wording';
export { connectionLinkPath, connectionResultPath, entityPagePath, parseConnectionLink, parseConnectionResultLink } from './lib/connection-link';
export {
  PACING,
  cancelSearch,
  clearFinder,
  connectionsState,
  pairProblem,
  resetConnections,
  setFromEntity,
  setPair,
  setToEntity,
  startSearch,
  type SearchRun,
} from './store';
