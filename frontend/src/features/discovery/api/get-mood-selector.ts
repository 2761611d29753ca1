import { MoodSelectorSchema, type MoodSelector } from '@cinema-dna/shared-types';
import { api } from '../../../lib/api-client-typed';
import { getDiscovery } from './get-discovery';

/** GET /api/movies/mood-selector: a map of mood name to movies, and what each mood mixes. Asked on each click. */
export const getMoodSelector = (): Promise<MoodSelector> => getDiscovery(api.get('/api/movies/mood-selector'), MoodSelectorSchema);
