import type { Badge } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { CatalogSchema } from './badge-schemas';
import { badgeQueryKeys } from './query-keys';

/** GET /api/badges/available: the whole catalog. */
export async function getAvailableBadges(signal?: AbortSignal): Promise<Badge[]> {
  return CatalogSchema.parse(await api.get('/api/badges/available', { signal }));
}

/** The catalog changes only with a deployment: read once per page load. */
export function useAvailableBadges() {
  return useQuery({ queryKey: badgeQueryKeys.catalog(), queryFn: ({ signal }) => getAvailableBadges(signal) });
}
