export { DEFAULT_FILTERS, facetedSearch, facetedSearchParams, useFacetedSearch, type FacetedFilters } from './api/faceted-search';
import { lazy } from 'react';

/** The panel is its own chunk (pages show it below the fold, with LoadWhenNear): no static export. */
export const LazyFacetedFilterPanel = lazy(() => import('./components/faceted-filter-panel').then((module) => ({ default: module.FacetedFilterPanel })));
