import { entityKey, type EntityKey, type EntityType, type PersonSubtype } from '@cinema-dna/shared-types';
import { asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/database.js';
import type { EntityDetails } from './model.js';
import { entities } from './schema.js';

const BATCH = 500;

/** One entity's details as an importer read them from its source. */
export interface SourceEntity {
  type: EntityType;
  id: string;
  name: string;
  /** Higher is more popular; comparable within a source (TMDB popularity, IMDb votes, catalog links). */
  popularity: number;
  subtype?: PersonSubtype;
  details?: EntityDetails;
}

/**
 * Replaces one source's rows in the entities table with `sourceEntities`, in one transaction:
 * readers see the old details or the new ones, never a half-imported source.
 */
export async function replaceSourceDetails(db: Db, source: string, sourceEntities: AsyncIterable<SourceEntity>, onProgress?: (rows: number) => void): Promise<number> {
  let rows = 0;
  await db.transaction(async (tx) => {
    await tx.delete(entities).where(eq(entities.source, source));
    let batch: Array<typeof entities.$inferInsert> = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await tx.insert(entities).values(batch);
      rows += batch.length;
      onProgress?.(rows);
      batch = [];
    };
    for await (const entity of sourceEntities) {
      batch.push(toRow(entity, source));
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  });
  return rows;
}

/** Removes a source that is no longer imported. */
export async function removeSourceDetails(db: Db, source: string): Promise<void> {
  await db.delete(entities).where(eq(entities.source, source));
}

function toRow(entity: SourceEntity, source: string): typeof entities.$inferInsert {
  return {
    key: entityKey(entity),
    source,
    type: entity.type,
    name: entity.name,
    subtype: entity.subtype ?? null,
    popularity: entity.popularity,
    details: entity.details ?? {},
  };
}

export interface StoredEntity {
  key: EntityKey;
  type: string;
  name: string;
  subtype: string | null;
  popularity: number;
  details: EntityDetails;
}

/** Details of entities by key, merged over sources (the most popular source's values win). */
export async function findEntityDetails(db: Db, keys: EntityKey[]): Promise<Map<EntityKey, StoredEntity>> {
  if (keys.length === 0) return new Map();
  return mergeSources(await db.select().from(entities).where(inArray(entities.key, keys)));
}

/**
 * Every entity's details, merged over sources, one page of rows at a time in key order (a page
 * never splits one entity's sources), so a large read never sits in memory at once.
 */
export async function* allEntityDetails(db: Db, pageRows = 5_000): AsyncGenerator<Map<EntityKey, StoredEntity>> {
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select()
      .from(entities)
      .where(after === null ? undefined : gt(entities.key, after))
      .orderBy(asc(entities.key), asc(entities.source))
      .limit(pageRows);
    if (rows.length < pageRows) {
      if (rows.length > 0) yield mergeSources(rows);
      return;
    }
    // The page's last entity may have more sources on the next page: it is read there whole (or
    // now, by key, if it alone filled the page).
    const lastKey = rows.at(-1)!.key;
    const whole = rows.filter((row) => row.key !== lastKey);
    after = whole.length > 0 ? whole.at(-1)!.key : lastKey;
    yield whole.length > 0 ? mergeSources(whole) : await findEntityDetails(db, [lastKey as EntityKey]);
  }
}

function mergeSources(rows: Array<typeof entities.$inferSelect>): Map<EntityKey, StoredEntity> {
  const found = new Map<EntityKey, StoredEntity>();
  for (const row of rows.toSorted((a, b) => a.popularity - b.popularity)) {
    const key = row.key as EntityKey;
    const previous = found.get(key);
    found.set(key, {
      key,
      type: row.type,
      name: row.name,
      subtype: row.subtype ?? previous?.subtype ?? null,
      popularity: Math.max(row.popularity, previous?.popularity ?? 0),
      details: { ...previous?.details, ...row.details },
    });
  }
  return found;
}

/** Films' release years by key, read once from the catalog's details (the challenges' decade themes). */
export async function movieReleaseYears(db: Db): Promise<Map<string, number>> {
  const years = new Map<string, number>();
  for await (const page of allEntityDetails(db)) {
    for (const [key, stored] of page) {
      if (stored.type !== 'movie') continue;
      const year = stored.details.year ?? (stored.details.release_date ? Number(stored.details.release_date.slice(0, 4)) : NaN);
      if (Number.isInteger(year) && year > 1800 && year < 3000) years.set(key, year);
    }
  }
  return years;
}
