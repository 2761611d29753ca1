import { SurpriseSchema, type Surprise } from '@cinema-dna/shared-types';
import { api } from '../../../lib/api-client-typed';
import { getDiscovery } from './get-discovery';

/** GET /api/movies/surprise: one movie, with why it was picked. Asked on each click, never cached. */
export const getSurprise = (): Promise<Surprise> => getDiscovery(api.get('/api/movies/surprise'), SurpriseSchema);
