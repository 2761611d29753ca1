import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

/**
 * GET a discovery endpoint and check the answer against its contract schema, so a drifted field
 * fails here, loudly, instead of rendering `undefined` on a card.
 */
export async function getDiscovery<S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal): Promise<z.output<S>> {
  return schema.parse(await apiFetch<unknown>(path, { signal }));
}

/** `?limit=` of a list endpoint. */
export const withLimit = (path: string, limit: number) => `${path}?limit=${encodeURIComponent(limit)}`;
