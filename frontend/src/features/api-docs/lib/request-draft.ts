import type { ApiOperation, ApiReference } from './openapi-model';
import { exampleBody, parameterText, prettyJson, resolveSchemaType } from './example-value';

/** What the console's fields hold for one operation. */
export interface RequestDraft {
  pathValues: Record<string, string>;
  queryValues: Record<string, string>;
  /** The JSON body as typed ('' sends none). */
  body: string;
}

/** The console's starting values: the document's examples and defaults, and a sample body. */
export function initialDraft(reference: ApiReference, operation: ApiOperation): RequestDraft {
  const pathValues: Record<string, string> = {};
  const queryValues: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') pathValues[parameter.name] = parameterText(parameter);
    // Optional query parameters start empty (their defaults apply); required ones start from their example.
    if (parameter.in === 'query') queryValues[parameter.name] = parameter.required ? parameterText(parameter) : '';
  }
  return { pathValues, queryValues, body: prettyJson(exampleBody(reference.document, operation.requestBody)) };
}

export type BuiltPath = { ok: true; path: string } | { ok: false; error: string; missing: string[] };

/**
 * The operation's path with its path parameters filled in (encoded) and the non-empty query
 * parameters appended. An array parameter's comma-separated values repeat the name
 * (`avoid=a&avoid=b`), as OpenAPI's default form style does.
 */
export function buildRequestPath(reference: ApiReference, operation: ApiOperation, draft: RequestDraft): BuiltPath {
  const missing: string[] = [];
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = (draft.pathValues[name] ?? '').trim();
    if (!value) missing.push(name);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query') continue;
    const value = (draft.queryValues[parameter.name] ?? '').trim();
    if (!value) {
      if (parameter.required) missing.push(parameter.name);
      continue;
    }
    if (resolveSchemaType(reference.document, parameter.schema) === 'array') {
      for (const item of value.split(',').map((part) => part.trim()).filter(Boolean)) query.append(parameter.name, item);
    } else {
      query.append(parameter.name, value);
    }
  }
  if (missing.length > 0) return { ok: false, error: `Fill in ${missing.join(', ')}`, missing };
  const search = query.toString();
  return { ok: true, path: search ? `${path}?${search}` : path };
}

/** The error text the console shows for a body that does not parse (spec §5, §8). */
export const INVALID_JSON = 'Invalid JSON';

export type ParsedBody = { ok: true; value: unknown } | { ok: false; error: typeof INVALID_JSON; detail: string };

/** Parses the typed body; blank means no body (`value` undefined). */
export function parseJsonBody(text: string): ParsedBody {
  if (!text.trim()) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: INVALID_JSON, detail: error instanceof Error ? error.message : String(error) };
  }
}
