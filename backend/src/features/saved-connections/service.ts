import type { EntityType, SaveConnectionRequestSchema, UserConnection } from '@cinema-dna/shared-types';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.js';
import { userAggregate, type EventRecorder } from '../../platform/events/index.js';
import { savedConnections } from '../../platform/db/schema.js';

type Row = typeof savedConnections.$inferSelect;

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

/** Connection paths users keep from their results. */
export function createSavedConnectionService(deps: { db: Db; events: EventRecorder }) {
  const { db, events } = deps;
  return {
    /** Saves the path and records `connection.saved` with it: both or neither. */
    async save(userId: number, input: z.output<typeof SaveConnectionRequestSchema>): Promise<UserConnection> {
      const row = await events.transaction(async (tx) => {
        const [saved] = await tx
          .insert(savedConnections)
          .values({ userId, ...input })
          .returning();
        await events.record(
          tx,
          'connection.saved',
          { userId, connectionId: saved!.id, from: `${saved!.fromEntityType}:${saved!.fromEntityId}`, to: `${saved!.toEntityType}:${saved!.toEntityId}`, degrees: saved!.degrees },
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
