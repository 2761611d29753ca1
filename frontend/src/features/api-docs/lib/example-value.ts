import { sample } from 'openapi-sampler';
import { prettyJson } from './pretty-json';
import { resolveRef, type ApiBody, type ApiParameter, type JsonSchema } from './openapi-model';

/**
 * A sample value for a schema (its examples and defaults first, else a value of the right shape),
 * resolving `$ref`s against the document. `undefined` when the schema cannot be sampled.
 */
export function sampleSchema(document: unknown, schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  try {
    return sample(schema as Parameters<typeof sample>[0], { skipReadOnly: true, quiet: true }, document as object);
  } catch {
    // A schema the sampler cannot follow (a cycle it gives up on, an odd keyword): no sample.
    return undefined;
  }
}

/** The body the console starts from: the document's example, else a sample of the schema. */
export function exampleBody(document: unknown, body: ApiBody | undefined): unknown {
  if (!body) return undefined;
  return body.example ?? sampleSchema(document, body.schema);
}


/** A parameter's starting value as text ('' when the document gives none). */
export function parameterText(parameter: ApiParameter): string {
  const value = parameter.example;
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The schema's single JSON type after `$ref`s (`array`, `string`...), or undefined for unions and untyped schemas. */
export function resolveSchemaType(document: unknown, schema: JsonSchema | undefined): string | undefined {
  const resolved = schema ? resolveRef<{ type?: unknown }>(document, schema) : undefined;
  const type = resolved?.type;
  if (typeof type === 'string') return type;
  // OpenAPI 3.1 spells nullable as ['array', 'null'].
  if (Array.isArray(type)) {
    const concrete = type.filter((item) => item !== 'null');
    return concrete.length === 1 && typeof concrete[0] === 'string' ? concrete[0] : undefined;
  }
  return undefined;
}

export { prettyJson };
