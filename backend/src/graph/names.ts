import { parseEntityKey, type AdminEntityRef } from '@cinema-dna/shared-types';
import type { GraphService } from './index.js';

/** Entity names from the loaded graph (null before it loads or for a key it does not hold): the features' `names` ports. */
export function graphNames(graph: GraphService): { nameOf(key: string): string | null } {
  return {
    nameOf(key) {
      try {
        const index = graph.resolve(key);
        return index === null ? null : graph.entityAt(index).name;
      } catch {
        return null;
      }
    },
  };
}

/** Movie titles by movie id from the loaded graph (null when it does not hold the movie). */
export function movieTitles(graph: GraphService): { titleOf(movieId: string): string | null } {
  const names = graphNames(graph);
  return { titleOf: (movieId) => names.nameOf(`movie:${movieId}`) };
}

/** Entities named from the loaded graph (admin's port); a key it does not hold (a reloaded catalog) is named by its key. */
export function graphEntityRefs(graph: GraphService): (key: string) => AdminEntityRef {
  return (key): AdminEntityRef => {
    const parts = parseEntityKey(key);
    const fallback: AdminEntityRef = { id: parts?.id ?? key, type: parts?.type ?? 'movie', name: key };
    try {
      const index = graph.resolve(key);
      if (index === null || index < 0) return fallback;
      const entity = graph.entityAt(index);
      return { id: parts?.id ?? key, type: entity.type, name: entity.name };
    } catch {
      return fallback;
    }
  };
}
