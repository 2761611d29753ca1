import { entityKey, INVALID_CONNECTION_PATH, type EntityType, type PathStep, type SaveConnectionRequestSchema, type UserConnection } from '@cinema-dna/shared-types';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { GraphError, type PathStepClaim, type PathVerifier } from '../../graph/index.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { userAggregate, type EventRecorder } from '../../platform/events/index.js';
import { savedConnections } from './schema.js';

type Row = typeof savedConnections.$inferSelect;
type SaveInput = z.output<typeof SaveConnectionRequestSchema>;

/** A saved row as spec §3 "User connection". */
function toUserConnection(row: Row): UserConnection {
  return {
    id: row.id,
    fromEntity: { id: row.fromEntityId, name: row.fromEntityName, type: row.fromEntityType as EntityType },
    toEntity: { id: row.toEntityId, name: row.toEntityName, type: row.toEntityType as EntityType },
    degrees: row.degrees,
    path: row.path,
    createdAt: row.createdAt.toISOString(),
  };
}

const invalidPath = (path: string, message: string) => new AppError(400, 'INVALID_PATH', INVALID_CONNECTION_PATH, [{ path, message }]);

/**
 * The path's degrees when it is a path of the loaded graph between the two named ends; otherwise
 * the 400 INVALID_PATH naming the first thing that is wrong.
 */
function checkedDegrees(verifyPath: PathVerifier, input: SaveInput): number {
  const first = input.path[0]!.entity;
  const last = input.path.at(-1)!.entity;
  if (first.type !== input.fromEntityType || first.id !== input.fromEntityId) throw invalidPath('fromEntityId', 'The path does not start at fromEntity');
  if (last.type !== input.toEntityType || last.id !== input.toEntityId) throw invalidPath('toEntityId', 'The path does not end at toEntity');
  let check: ReturnType<PathVerifier>;
  try {
    check = verifyPath(input.path.map((step) => ({ entity: step.entity, relationship: step.relationship })));
  } catch (error) {
    if (error instanceof GraphError && error.code === 'SERVICE_UNAVAILABLE') throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The movie graph is still loading. Try again in a moment.');
    throw error;
  }
  if (!check.ok) throw invalidPath(check.problem.path, check.problem.message);
  return check.degrees;
}

/**
 * The catalog's own steps of a checked path (a port wired in services.ts): each entity's summary and
 * each link's label as the catalog holds them, never the names or labels a client typed.
 */
export type CatalogPath = (steps: readonly PathStepClaim[]) => Promise<PathStep[]>;

/**
 * Connection paths users keep from their results. `verifyPath` is the graph's check (a port, so this
 * feature needs neither the connections nor the entities feature): only real paths are kept, with
 * the degrees the server counted.
 */
export function createSavedConnectionService(deps: { db: Db; verifyPath: PathVerifier; catalogPath: CatalogPath; events: EventRecorder }) {
  const { db, events } = deps;
  return {
    /**
     * Saves a checked path and records `connection.saved` with it: both or neither. The names of the
     * ends and the path's steps are the catalog's (the client's names and labels are not kept).
     */
    async save(userId: number, input: SaveInput): Promise<UserConnection> {
      const degrees = checkedDegrees(deps.verifyPath, input);
      const path = await deps.catalogPath(input.path.map((step) => ({ entity: step.entity, relationship: step.relationship })));
      const { degrees: _ignored, ...sent } = input;
      const named = { ...sent, fromEntityName: path[0]!.entity.name, toEntityName: path.at(-1)!.entity.name, path };
      const row = await events.transaction(async (tx) => {
        const [saved] = await tx
          .insert(savedConnections)
          .values({ userId, ...named, degrees })
          .returning();
        await events.record(
          tx,
          'connection.saved',
          { userId, connectionId: saved!.id, from: entityKey(input.fromEntityType, input.fromEntityId), to: entityKey(input.toEntityType, input.toEntityId), degrees: saved!.degrees },
          userAggregate(userId),
        );
        return saved!;
      });
      return toUserConnection(row);
    },

    /** A user's saved connections, newest first. */
    async list(userId: number, limit = 100): Promise<UserConnection[]> {
      const rows = await db
        .select()
        .from(savedConnections)
        .where(eq(savedConnections.userId, userId))
        .orderBy(desc(savedConnections.createdAt), desc(savedConnections.id))
        .limit(limit);
      return rows.map(toUserConnection);
    },
  };
}
export type SavedConnectionService = ReturnType<typeof createSavedConnectionService>;
