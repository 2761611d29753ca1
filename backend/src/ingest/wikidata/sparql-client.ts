import { z } from 'zod';
import { ImportInputError } from '../importer.js';
import { systemClock, type Clock } from '../tmdb/rate-limiter.js';

export const WIKIDATA_SPARQL_ENDPOINT = 'https://query.wikidata.org/sparql';
/** Wikimedia's User-Agent policy asks bots to say who they are and how to reach the operator. */
export const DEFAULT_USER_AGENT = 'CinemaDNA-award-importer/0.1 (self-hosted movie graph; Node.js fetch)';

/**
 * One RDF term of `application/sparql-results+json` (W3C SPARQL 1.1 Query Results JSON Format §3.2.2):
 * `{type, value}` plus `datatype` for typed literals and `xml:lang` for language-tagged ones.
 */
const TermSchema = z.object({
  type: z.enum(['uri', 'literal', 'typed-literal', 'bnode']),
  value: z.string(),
  datatype: z.string().optional(),
  'xml:lang': z.string().optional(),
});
export type SparqlTerm = z.infer<typeof TermSchema>;

/** A variable left unbound (an OPTIONAL that matched nothing) is simply absent from its binding. */
const ResultsSchema = z.object({
  head: z.object({ vars: z.array(z.string()) }),
  results: z.object({ bindings: z.array(z.record(z.string(), TermSchema)) }),
});
export type SparqlResults = z.infer<typeof ResultsSchema>;
export type SparqlBinding = SparqlResults['results']['bindings'][number];

/** Parses a SELECT result body; anything else is an ImportInputError naming `source` (endpoint and query). */
export function parseSparqlResults(body: string, source: string): SparqlResults {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new ImportInputError(`not a SPARQL JSON result (${position ? `invalid JSON at character ${position}` : 'invalid JSON'}): ${JSON.stringify(body.slice(0, 80))}`, source);
  }
  const parsed = ResultsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ImportInputError(`not a SPARQL JSON result: ${issue.path.join('.') || '(root)'}: ${issue.message}`, source);
  }
  return parsed.data;
}

export interface SparqlRequestOptions {
  endpoint?: string;
  userAgent?: string;
  /** Per attempt. WDQS stops a query after 60 s; the rest is transfer. Default 120 s. */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx, a timeout or a network error. Default 3. */
  maxRetries?: number;
  clock?: Clock;
  signal?: AbortSignal;
  onRetry?: (info: { query: string; status: number | null; attempt: number; delayMs: number }) => void;
}

export class SparqlRequestError extends Error {
  override name = 'SparqlRequestError';
}

/**
 * POSTs a SELECT query (form-encoded: queries are too long for a GET URL) and parses the result.
 * Retries 429 (honouring Retry-After, as WDQS asks), 5xx (WDQS answers a query timeout with 500),
 * timeouts and network errors with exponential backoff. `queryName` names the query in errors.
 */
export async function runSparqlQuery(query: string, queryName: string, options: SparqlRequestOptions = {}): Promise<SparqlResults> {
  const endpoint = options.endpoint ?? WIKIDATA_SPARQL_ENDPOINT;
  const clock = options.clock ?? systemClock;
  const maxRetries = options.maxRetries ?? 3;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const source = `${endpoint} (query ${queryName})`;
  const { signal } = options;

  for (let attempt = 0; ; attempt += 1) {
    signal?.throwIfAborted();
    const backOff = async (failedStatus: number | null, why: string, delayMs: number) => {
      if (attempt >= maxRetries) throw new SparqlRequestError(`${source} failed after ${attempt + 1} attempts: ${why}`);
      options.onRetry?.({ query: queryName, status: failedStatus, attempt: attempt + 1, delayMs });
      await clock.sleep(delayMs, signal);
    };
    let status: number;
    let body: string;
    let retryAfter: string | null;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          accept: 'application/sparql-results+json',
          'content-type': 'application/x-www-form-urlencoded',
          'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
        },
        body: new URLSearchParams({ query }).toString(),
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      body = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : String((error as { cause?: unknown }).cause ?? error);
      await backOff(null, reason, Math.min(60_000, 1000 * 2 ** attempt));
      continue;
    }
    if (status >= 200 && status < 300) return parseSparqlResults(body, source);
    const reason = `HTTP ${status}: ${body.slice(0, 200).replace(/\s+/g, ' ')}`;
    if (status === 429) {
      const seconds = retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : null;
      await backOff(status, reason, seconds !== null ? seconds * 1000 : Math.min(60_000, 1000 * 2 ** attempt));
      continue;
    }
    if (status >= 500) {
      await backOff(status, reason, Math.min(60_000, 1000 * 2 ** attempt));
      continue;
    }
    throw new SparqlRequestError(`${source} failed: ${reason}`);
  }
}
