import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** The search box's pause before it asks (the typeahead's 300 ms). */
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

/**
 * A paged admin table's search: what is typed, the settled search sent to the server, and the page
 * offset — which belongs to the search it was chosen for, so a new search starts at its first page.
 */
export function usePagedSearch() {
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), ADMIN_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState({ search: '', offset: 0 });
  const offset = page.search === debounced ? page.offset : 0;
  return { search, setSearch, debounced, offset, setOffset: (next: number) => setPage({ search: debounced, offset: next }) };
}
