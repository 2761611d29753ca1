import { CSRF_HEADER } from '@cinema-dna/shared-types';
import type { HttpMethod } from './openapi-model';

/** A request as the test console sends it. */
export interface ConsoleRequest {
  method: HttpMethod;
  /** Path and query on this server: `/api/search?q=tom`. */
  path: string;
  /** JSON text to send as the body (already checked to parse). */
  body?: string;
  /** Sent as `Authorization: Bearer <key>`; the browser's session cookie is then left out. */
  apiKey?: string;
}

/** What came back, as the console shows it. */
export interface ConsoleResponse {
  status: number;
  statusText: string;
  ok: boolean;
  /** From just before the request left to the last byte of the body, measured by the browser. */
  durationMs: number;
  headers: Array<[string, string]>;
  bodyText: string;
  /** The body parsed, when it is JSON. */
  json?: unknown;
}

/** The CSRF header the server checks on writes made with the session cookie. */

const isWrite = (method: HttpMethod) => !['get', 'head', 'options'].includes(method);

/** This session's CSRF token, asked fresh: the console may run after a sign-in changed the session. */
async function fetchCsrfToken(signal?: AbortSignal): Promise<string> {
  const response = await fetch('/api/auth/csrf', { credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`${response.status}: could not get a CSRF token`);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/**
 * Sends one request and reads the whole answer, whatever its status (a 4xx is a response to show,
 * not an error). With an API key the request carries only the key, so the answer shows what the key
 * alone may do; without one it is sent as this browser (its session, and the CSRF token on writes).
 * Rejects only when no answer came (network failure, abort).
 */
export async function sendApiRequest(request: ConsoleRequest, signal?: AbortSignal): Promise<ConsoleResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const apiKey = request.apiKey?.trim();
  if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
  else if (isWrite(request.method)) headers[CSRF_HEADER] = await fetchCsrfToken(signal);

  const started = performance.now();
  const response = await fetch(request.path, {
    method: request.method.toUpperCase(),
    headers,
    body: request.body,
    credentials: apiKey ? 'omit' : 'same-origin',
    signal,
  });
  const bodyText = await response.text();
  const durationMs = performance.now() - started;

  return {
    status: response.status,
    statusText: response.statusText,
    ok: response.ok,
    durationMs,
    headers: [...response.headers.entries()].sort(([a], [b]) => a.localeCompare(b)),
    bodyText,
    json: parseJson(bodyText, response.headers.get('content-type')),
  };
}

function parseJson(text: string, contentType: string | null): unknown {
  if (!text || !/json/i.test(contentType ?? '')) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
