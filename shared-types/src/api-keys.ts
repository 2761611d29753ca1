import { z } from 'zod';
import { text } from './text.js';

/** POST /api/users/me/api-keys. */
export const ApiKeyCreateRequestSchema = z.object({ name: text().trim().min(1, 'Name is required').max(60) });
export type ApiKeyCreateRequest = z.input<typeof ApiKeyCreateRequestSchema>;

/** An API key as lists show it: never the secret. */
export const ApiKeySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to recognise it. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummarySchema>;
/** The answer to creating a key: the only time `key` is shown. */
export const ApiKeyCreatedSchema = ApiKeySummarySchema.omit({ lastUsedAt: true }).extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;
export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySummarySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;
