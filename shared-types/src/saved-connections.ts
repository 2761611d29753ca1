import { z } from 'zod';
import { PathStepSchema } from './connections.js';
import { EntityTypeSchema } from './entities.js';
import { text } from './text.js';

export const INVALID_CONNECTION_PATH = 'Invalid connection path';
const entityId = z.union([text().trim().min(1).max(150), z.number().int().nonnegative()]).transform(String);

/**
 * POST /api/connections/save: spec §3 saved connection payload; a path has at least 2 steps. The
 * server checks the path against the graph and counts its degrees itself: a `degrees` sent by the
 * client is accepted for older clients and ignored.
 */
export const SaveConnectionRequestSchema = z.object({
  fromEntityId: entityId,
  fromEntityName: text().trim().min(1).max(300).meta({ description: 'Ignored: the catalog’s name is stored and shown (the path’s names and labels too).' }),
  fromEntityType: EntityTypeSchema,
  toEntityId: entityId,
  toEntityName: text().trim().min(1).max(300).meta({ description: 'Ignored: the catalog’s name is stored and shown (the path’s names and labels too).' }),
  toEntityType: EntityTypeSchema,
  path: z.array(PathStepSchema).min(2, INVALID_CONNECTION_PATH).max(9, INVALID_CONNECTION_PATH),
  degrees: z.number().int().min(1).max(8).optional().meta({ deprecated: true, description: 'Ignored: the server counts the degrees of the path.' }),
});
export type SaveConnectionRequest = z.input<typeof SaveConnectionRequestSchema>;

const ConnectionEndSchema = z.object({ id: z.string(), name: z.string(), type: EntityTypeSchema });
/** Spec §3 "User connection": a saved path with its two ends. */
export const UserConnectionSchema = z.object({
  id: z.number().int(),
  fromEntity: ConnectionEndSchema,
  toEntity: ConnectionEndSchema,
  degrees: z.number().int(),
  path: z.array(PathStepSchema),
  createdAt: z.string(),
});
export type UserConnection = z.infer<typeof UserConnectionSchema>;
export const UserConnectionListSchema = z.object({ connections: z.array(UserConnectionSchema) });
export type UserConnectionList = z.infer<typeof UserConnectionListSchema>;
