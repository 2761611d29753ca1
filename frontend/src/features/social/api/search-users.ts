import { SocialUserListSchema, USER_SEARCH_MIN, type SocialUser } from '@cinema-dna/shared-types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { authState } from '../../auth';
import { socialQueryKeys } from './query-keys';

/** The pause after the last keystroke before the search runs. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

/** GET /api/users/search?q=: usernames and display names, at most 20. */
export async function searchUsers(query: string, signal?: AbortSignal): Promise<SocialUser[]> {
  return SocialUserListSchema.parse(await api.get('/api/users/search', { query: { q: query }, signal })).users;
}

/** Whether a typed query is long enough to search (spec §5: longer than 2 characters). */
export const isSearchableQuery = (query: string) => query.trim().length >= USER_SEARCH_MIN;

/**
 * The community user search: runs once typing pauses and the query is longer than 2 characters,
 * signed in only. `query` is the debounced text the results belong to (null while none is searchable).
 */
export function useUserSearch(text: string) {
  const viewerId = useSnapshot(authState).user?.id;
  const debounced = useDebouncedValue(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const active = isSearchableQuery(debounced) && isSearchableQuery(text);
  const result = useQuery({
    queryKey: socialQueryKeys.search(viewerId ?? 0, debounced),
    queryFn: ({ signal }) => searchUsers(debounced, signal),
    enabled: viewerId !== undefined && active,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  return { ...result, query: active ? debounced : null };
}
