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
