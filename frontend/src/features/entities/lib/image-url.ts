import type { EntityType } from '@cinema-dna/shared-types';

/** The image host's size prefixes (spec §3); w185 is the default. */
export type ImageSize = 'w92' | 'w154' | 'w185' | 'w300' | 'w500';

const IMAGE_HOST = 'https://image.tmdb.org/t/p';

/** Full URL of a TMDB image path at `size`, or null when there is no path. */
export function tmdbImageUrl(path: string | null | undefined, size: ImageSize = 'w185'): string | null {
  if (!path) return null;
  // Paths are "/abc.jpg"; tolerate a missing slash rather than building a broken URL.
  return `${IMAGE_HOST}/${size}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The image fields any entity-like object may carry. */
export interface ImageFields {
  type: EntityType;
  profile_path?: string | null;
  poster_path?: string | null;
  logo_path?: string | null;
}

/** The picture that represents an entity: a face for people, a logo for companies, otherwise the poster. */
export function entityImagePath(entity: ImageFields): string | null {
  if (entity.type === 'person') return entity.profile_path ?? null;
  if (entity.type === 'company') return entity.logo_path ?? entity.poster_path ?? null;
  return entity.poster_path ?? entity.profile_path ?? entity.logo_path ?? null;
}
