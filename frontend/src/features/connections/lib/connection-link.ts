import { EntityKeySchema, EntityTypeSchema, type EntityType } from '@cinema-dna/shared-types';

export interface EntityRef {
  type: EntityType;
  id: string;
}

/** "person:tom-hanks" -> { type: 'person', id: 'tom-hanks' }; null when it is not an entity key. */
export function parseEntityKey(value: string | null | undefined): EntityRef | null {
  if (!value || !EntityKeySchema.safeParse(value).success) return null;
  const at = value.indexOf(':');
  const type = EntityTypeSchema.safeParse(value.slice(0, at));
  return type.success ? { type: type.data, id: value.slice(at + 1) } : null;
}

/** The shared link's path: `/connection?from=type:id&to=type:id` (colons kept readable). */
export function connectionLinkPath(from: EntityRef, to: EntityRef): string {
  const key = (ref: EntityRef) => `${ref.type}:${encodeURIComponent(ref.id)}`;
  return `/connection?from=${key(from)}&to=${key(to)}`;
}

/** Both ends of a shared link, or null when either is missing or malformed. */
export function parseConnectionLink(search: URLSearchParams): { from: EntityRef; to: EntityRef } | null {
  const from = parseEntityKey(search.get('from'));
  const to = parseEntityKey(search.get('to'));
  return from && to ? { from, to } : null;
}

/** The entity page of a step. */
export function entityPagePath(ref: EntityRef): string {
  return `/entity/${ref.type}/${encodeURIComponent(ref.id)}`;
}
