import { FILTER_AWARDS, FILTER_LANGUAGES, SORT_FIELDS, type ApiRequest, type EntityType, type FacetedSearchResponse } from '@cinema-dna/shared-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

export type FilterAward = (typeof FILTER_AWARDS)[number];
export type FilterLanguage = (typeof FILTER_LANGUAGES)[number];
export type SortField = (typeof SORT_FIELDS)[number];

/** The spec's filter object (§3), as the panel edits it. */
export interface FacetedFilters {
  query: string;
  entityTypes: EntityType[];
  yearRange: [number, number];
  ratingRange: [number, number];
  genres: string[];
  awards: FilterAward[];
  languages: FilterLanguage[];
  sortBy: SortField;
  sortOrder: 'asc' | 'desc';
}

/** Slider bounds and defaults (spec §5, §9). */
export const YEAR_BOUNDS: [number, number] = [1900, 2024];
export const RATING_BOUNDS: [number, number] = [0, 10];
export const DEFAULT_FILTERS: FacetedFilters = {
  query: '',
  entityTypes: ['movie', 'person'],
  yearRange: [...YEAR_BOUNDS],
  ratingRange: [...RATING_BOUNDS],
  genres: [],
  awards: [],
  languages: [],
  sortBy: 'popularity',
  sortOrder: 'desc',
};

/** Results shown at first; "Show more" asks for this many more. */
export const FACETED_PAGE = 12;

/** Faceted search runs only with at least 2 characters (spec §5). */
export const FACETED_MIN_QUERY = 2;

type FacetedQuery = ApiRequest<'GET', '/api/search/faceted'>['query'];

/**
 * Query parameters of GET /api/search/faceted. Ranges left at their full extent are not sent, so
 * films without a year or a rating are not filtered out by a range nobody narrowed.
 */
export function facetedSearchQuery(filters: FacetedFilters, limit = FACETED_PAGE): FacetedQuery {
  const yearNarrowed = filters.yearRange[0] !== YEAR_BOUNDS[0] || filters.yearRange[1] !== YEAR_BOUNDS[1];
  const ratingNarrowed = filters.ratingRange[0] !== RATING_BOUNDS[0] || filters.ratingRange[1] !== RATING_BOUNDS[1];
  return {
    query: filters.query.trim(),
    entityTypes: filters.entityTypes.join(','),
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
    limit: String(limit),
    yearFrom: yearNarrowed ? String(filters.yearRange[0]) : undefined,
    yearTo: yearNarrowed ? String(filters.yearRange[1]) : undefined,
    ratingFrom: ratingNarrowed ? filters.ratingRange[0].toFixed(1) : undefined,
    ratingTo: ratingNarrowed ? filters.ratingRange[1].toFixed(1) : undefined,
    genres: filters.genres.length ? filters.genres.join(',') : undefined,
    awards: filters.awards.length ? filters.awards.join(',') : undefined,
    languages: filters.languages.length ? filters.languages.join(',') : undefined,
  };
}

/** The same query as URL parameters (the query key, and what the URL carries). */
export function facetedSearchParams(filters: FacetedFilters, limit = FACETED_PAGE): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(facetedSearchQuery(filters, limit))) if (value !== undefined) params.set(key, String(value));
  return params;
}

/** GET /api/search/faceted with the filter object. */
export function facetedSearch(filters: FacetedFilters, limit = FACETED_PAGE, signal?: AbortSignal): Promise<FacetedSearchResponse> {
  return api.get('/api/search/faceted', { query: facetedSearchQuery(filters, limit), signal });
}

/** Results for the filters; idle until the query has 2 characters and at least one type is chosen. */
export function useFacetedSearch(filters: FacetedFilters, limit = FACETED_PAGE) {
  const params = facetedSearchParams(filters, limit).toString();
  return useQuery({
    queryKey: ['faceted-search', params],
    queryFn: ({ signal }) => facetedSearch(filters, limit, signal),
    enabled: filters.query.trim().length >= FACETED_MIN_QUERY && filters.entityTypes.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
