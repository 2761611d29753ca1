import { z } from 'zod';

/** GET /api/openapi.json: the OpenAPI 3.1 document generated from the route declarations. */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  tags: z.array(z.looseObject({ name: z.string(), description: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;

/** GET /api/asyncapi.json: the AsyncAPI 3.0 document of the Socket.IO events. */
export const AsyncApiDocumentSchema = z.looseObject({
  asyncapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  operations: z.record(z.string(), z.unknown()),
});
export type AsyncApiDocument = z.infer<typeof AsyncApiDocumentSchema>;

/** An entity the docs' examples name. */
export const DocsExampleEntitySchema = z.object({ id: z.string(), key: z.string(), type: z.string(), name: z.string() });
export type DocsExampleEntity = z.infer<typeof DocsExampleEntitySchema>;

/**
 * GET /api/docs/examples: the entities every docs example names, chosen from the loaded catalog at
 * start-up: two well-known actors a short chain apart (`from`, `to`), a film on that chain, its most
 * linked genre, and the text the search examples type (the start of `from`'s name).
 */
export const DocsExamplesSchema = z.object({
  from: DocsExampleEntitySchema,
  to: DocsExampleEntitySchema,
  movie: DocsExampleEntitySchema,
  genre: DocsExampleEntitySchema,
  searchText: z.string(),
  /** How many links the chain from `from` to `to` has (null when none was found within the docs' degrees). */
  degrees: z.number().int().nullable(),
});
export type DocsExamples = z.infer<typeof DocsExamplesSchema>;

/**
 * The shape the route declarations' examples are checked against before a catalog is loaded (the
 * starter catalog's pair). Never shown: the docs show the examples chosen from the loaded catalog.
 */
export const STARTER_DOCS_EXAMPLES: DocsExamples = {
  from: { id: 'kevin-bacon', key: 'person:kevin-bacon', type: 'person', name: 'Kevin Bacon' },
  to: { id: 'tom-hanks', key: 'person:tom-hanks', type: 'person', name: 'Tom Hanks' },
  movie: { id: 'apollo-13-1995', key: 'movie:apollo-13-1995', type: 'movie', name: 'Apollo 13' },
  genre: { id: 'drama', key: 'genre:drama', type: 'genre', name: 'Drama' },
  searchText: 'kevin',
  degrees: 2,
};
