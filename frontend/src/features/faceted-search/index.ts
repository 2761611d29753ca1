export { DEFAULT_FILTERS, facetedSearch, facetedSearchParams, useFacetedSearch, type FacetedFilters } from './api/faceted-search';
export { FacetedFilterPanel } from './components/faceted-filter-panel';
