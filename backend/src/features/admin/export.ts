import { Readable } from 'node:stream';
import type { AdminConnection, ExportKind } from '@cinema-dna/shared-types';
import { stringify } from 'csv-stringify';
import { asc, gt } from 'drizzle-orm';
import { users } from '../../platform/auth/schema.js';
import { safeCsvCast } from '../../platform/csv.js';
import type { Db } from '../../platform/db/database.js';
import type { EntityRefs } from './ports.js';
import { searchedConnections } from './schema.js';

/** Rows per keyset page of an export: memory stays one page per stream, whatever the table holds. */
export const EXPORT_PAGE_SIZE = 1_000;

export interface ExportOptions {
  pageSize?: number;
  /** Called once per page read (tests count them). */
  onPage?: (kind: 'users' | 'connections', rows: number) => void;
}

/** An exported account: never its password hash, Google id or email-verification state. */
const USER_COLUMNS = ['id', 'username', 'email', 'role', 'isActive', 'level', 'points', 'createdAt', 'lastActive'] as const;
const CONNECTION_COLUMNS = [
  'id',
  'fromEntityId',
  'toEntityId',
  'fromEntityName',
  'toEntityName',
  'fromEntityType',
  'toEntityType',
  'degrees',
  'path',
  'searchCount',
  'createdAt',
  'lastSearchedAt',
] as const;

type ExportRow = Record<string, string | number | boolean | null | string[]>;

/** The accounts in id order, one keyset page at a time. */
async function* userRows(db: Db, options: ExportOptions): AsyncGenerator<ExportRow[]> {
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  for (let after = 0; ; ) {
    const page = await db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        role: users.role,
        isActive: users.isActive,
        level: users.level,
        points: users.points,
        createdAt: users.createdAt,
        lastActiveAt: users.lastActiveAt,
      })
      .from(users)
      .where(gt(users.id, after))
      .orderBy(asc(users.id))
      .limit(pageSize);
    if (page.length === 0) return;
    options.onPage?.('users', page.length);
    yield page.map(({ createdAt, lastActiveAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString(), lastActive: lastActiveAt.toISOString() }));
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.id;
  }
}

/** A searched pair as the admin dashboard shows it: both ends and the path named from the graph. */
export function adminConnection(row: typeof searchedConnections.$inferSelect, refs: EntityRefs): AdminConnection {
  const from = refs(row.fromKey);
  const to = refs(row.toKey);
  return {
    id: row.id,
    fromEntityId: row.fromKey,
    toEntityId: row.toKey,
    fromEntityName: from.name,
    toEntityName: to.name,
    fromEntityType: from.type,
    toEntityType: to.type,
    degrees: row.degrees,
    path: row.path.map((key) => refs(key)),
    searchCount: row.searchCount,
    createdAt: row.createdAt.toISOString(),
    lastSearchedAt: row.lastSearchedAt.toISOString(),
  };
}

/** The searched pairs in id order, named from the graph, one keyset page at a time. */
async function* connectionRows(db: Db, refs: EntityRefs, options: ExportOptions): AsyncGenerator<ExportRow[]> {
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  for (let after = 0; ; ) {
    const page = await db.select().from(searchedConnections).where(gt(searchedConnections.id, after)).orderBy(asc(searchedConnections.id)).limit(pageSize);
    if (page.length === 0) return;
    options.onPage?.('connections', page.length);
    // The path as entity keys: one cell in a CSV row.
    yield page.map((row) => ({ ...adminConnection(row, refs), path: row.path }));
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.id;
  }
}

const KINDS = { users: USER_COLUMNS, connections: CONNECTION_COLUMNS } as const;
const kindsOf = (kind: ExportKind) => (kind === 'all' ? (['users', 'connections'] as const) : ([kind] as const));

/**
 * The export as a byte stream, pulled page by page (Readable.from reads the next page only when the
 * consumer wants more, so a slow client holds back the database reads).
 * - CSV of one kind: a header row and one row per record; a path is its entity keys joined by " > ".
 *   A text cell beginning like a formula (= + - @ tab CR) is neutralised with a leading quote (platform/csv.ts).
 * - CSV of `all`: one header, a first `kind` column (users or connections) and the union of both
 *   kinds' columns (a column of the other kind is empty).
 * - JSON: `{"users": [...]}`, `{"connections": [...]}` or both arrays in one object for `all`.
 */
export function exportStream(db: Db, refs: EntityRefs, kind: ExportKind, format: 'csv' | 'json', options: ExportOptions = {}): Readable {
  const pages = (each: 'users' | 'connections') => (each === 'users' ? userRows(db, options) : connectionRows(db, refs, options));
  if (format === 'json') {
    return Readable.from(
      (async function* () {
        yield '{';
        let firstKind = true;
        for (const each of kindsOf(kind)) {
          yield `${firstKind ? '' : ','}${JSON.stringify(each)}:[`;
          firstKind = false;
          let first = true;
          for await (const page of pages(each)) {
            yield page.map((row, index) => (first && index === 0 ? '' : ',') + JSON.stringify(row)).join('');
            first = false;
          }
          yield ']';
        }
        yield '}\n';
      })(),
      { objectMode: false },
    );
  }
  const columns = kind === 'all' ? ['kind', ...new Set([...USER_COLUMNS, ...CONNECTION_COLUMNS])] : [...KINDS[kind]];
  const records = Readable.from(
    (async function* () {
      for (const each of kindsOf(kind)) {
        for await (const page of pages(each)) {
          for (const row of page) {
            const record: Record<string, unknown> = kind === 'all' ? { kind: each } : {};
            for (const [key, value] of Object.entries(row)) record[key] = Array.isArray(value) ? value.join(' > ') : value;
            yield record;
          }
        }
      }
    })(),
  );
  const csv = stringify({ header: true, columns, cast: { ...safeCsvCast, boolean: (value) => String(value) } });
  // Errors travel downstream; a consumer that goes away (a download cancelled) ends the reads.
  records.on('error', (error) => csv.destroy(error));
  csv.on('close', () => records.destroy());
  return records.pipe(csv);
}
