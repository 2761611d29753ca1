import { CSRF_HEADER, type ApiError } from '@cinema-dna/shared-types';
import { noteServerDate } from './server-clock';

/**
 * A failed request. The message follows the spec's generic rule, `${status}: ${body text or status text}`;
 * the parsed `{ code, message, details }` body is kept for callers that show field errors or server text.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ApiError> & { error?: string } | undefined,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** The server's own explanation, when it sent one. */
  get serverMessage(): string | undefined {
    const text = this.body?.message ?? this.body?.error;
    return typeof text === 'string' && text.trim() ? text : undefined;
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/** Asks the server for this session's CSRF token (GET /api/auth/csrf also starts the session). */
async function fetchCsrfToken(): Promise<string> {
  const response = await fetch('/api/auth/csrf', { credentials: 'include', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new ApiRequestError(response.status, `${response.status}: ${response.statusText}`, undefined);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

let csrfTokenSource: () => Promise<string> = fetchCsrfToken;
/** The session's CSRF token, fetched once and sent with every write (the server checks it). */
let csrfToken: Promise<string> | null = null;

/** The session's CSRF token, for writes that cannot go through apiFetch (an upload with progress over XMLHttpRequest). */
export function currentCsrfToken(): Promise<string> {
  csrfToken ??= csrfTokenSource().catch((error: unknown) => {
    csrfToken = null;
    throw error;
  });
  return csrfToken;
}

/** Forgets the token, so the next write asks for a fresh one. */
export function resetCsrfToken(): void {
  csrfToken = null;
}

/** Where tokens come from; unit tests without a server give a fixed one. */
export function setCsrfTokenSource(source: () => Promise<string>): void {
  csrfTokenSource = source;
  csrfToken = null;
}

const isCsrfRefusal = (status: number, text: string) => status === 403 && /csrf/i.test(text);

/**
 * The untyped core under the typed client (`api` of ./api-client-typed, which features must use; lint enforces it).
 * Calls the API with the session cookie, sends JSON, parses JSON. Writes carry the CSRF token; a
 * refusal for a stale token (the session changed) fetches a fresh one and retries once.
 * Resolves to `undefined` for empty bodies (204); throws {@link ApiRequestError} on any non-OK status.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}, retried = false): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers[CSRF_HEADER] = await currentCsrfToken();

  const sentAt = Date.now();
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  // Every answer says the server's time: relative times are computed against it (server-clock.ts).
  noteServerDate(response.headers?.get?.('Date'), sentAt, Date.now());
  // Signing in or out starts a new session; the server hands over its token with the answer.
  const freshToken = response.headers?.get?.(CSRF_HEADER);
  if (freshToken) csrfToken = Promise.resolve(freshToken);
  const text = await response.text();

  if (!response.ok) {
    if (!retried && method !== 'GET' && isCsrfRefusal(response.status, text)) {
      resetCsrfToken();
      return apiFetch<T>(path, options, true);
    }
    throw new ApiRequestError(response.status, `${response.status}: ${text || response.statusText}`, parseErrorBody(text));
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

function parseErrorBody(text: string): ApiRequestError['body'] {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as ApiRequestError['body']) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Field errors from a 400 body's `details`, keyed by field name. Accepts the server's
 * `[{ path, message }]` list and zod's flattened `{ fieldErrors }` shape.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const details = error.body?.details;
  const result: Record<string, string> = {};
  if (Array.isArray(details)) {
    for (const item of details) {
      if (!item || typeof item !== 'object') continue;
      const { path, message } = item as { path?: unknown; message?: unknown };
      const field = Array.isArray(path) ? path[0] : path;
      if ((typeof field === 'string' || typeof field === 'number') && typeof message === 'string') {
        result[String(field)] ??= message;
      }
    }
  } else if (details && typeof details === 'object' && 'fieldErrors' in details) {
    const fieldErrors = (details as { fieldErrors: Record<string, string[] | undefined> }).fieldErrors;
    for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
      if (messages?.[0]) result[field] = messages[0];
    }
  }
  return result;
}
