import { PopularSocialSchema, type PopularSocial } from '@cinema-dna/shared-types';
import { api } from '../../../lib/api-client-typed';
import { getDiscovery } from './get-discovery';

/** GET /api/movies/popular-social: what the people you follow logged or listed lately (401 when signed out). */
export const getPopularSocial = (): Promise<PopularSocial> => getDiscovery(api.get('/api/movies/popular-social'), PopularSocialSchema);
