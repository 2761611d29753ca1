import type { EntityKey, Relationship } from '@cinema-dna/shared-types';
import type { SourceEntity } from '../catalog/entity-store.js';

export type { EntityDetails } from '../catalog/model.js';

/** Lowercase ASCII slug: "Science Fiction" → "science-fiction", "Amélie" → "amelie". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * What every importer produces: entities (the catalog's SourceEntity) and links in one model, whatever the source (keys: catalog/model.ts).
 */
export type IngestEntity = SourceEntity;

export interface IngestLink {
  from: EntityKey;
  to: EntityKey;
  relationship: Relationship;
  /** Character for acted_in, job(s) for crew; for awards the year, and for people also the film ("2001 · Gladiator"). */
  label?: string;
  /**
   * acted_in: 0-based position in the source's billing order (TMDB `order`, IMDb's rank among the
   * on-screen principals, the catalog's file order). Decides the link's tier and orders cast lists.
   */
  billing?: number;
}
