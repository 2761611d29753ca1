import type { z } from 'zod';

/**
 * A discovery endpoint's answer (a call of the typed client), checked against its contract schema, so a drifted
 * field fails here, loudly, instead of rendering `undefined` on a card.
 */
export async function getDiscovery<S extends z.ZodType>(answer: Promise<unknown>, schema: S): Promise<z.output<S>> {
  return schema.parse(await answer);
}
