import type { ConnectionResult } from '@cinema-dna/shared-types';
import type { RecordedLayer } from './service.js';

/** What the path cache holds for one search: the answer and the layers a live search found it with. */
export interface CacheEntry {
  result: ConnectionResult;
  /** Absent when the search ran without streaming (REST, or entries written before layers were kept). */
  layers?: RecordedLayer[];
}

/** What a hit must tell `connection.found` without parsing the answer. */
export interface HitFacts {
  degrees: number | null;
  usedObscure: boolean;
  /** The path's entity keys, ends included (empty without a path, or for entries written before they were kept). */
  through: string[];
}

/** The entity keys of an answer's path, in order. */
export const pathKeys = (result: ConnectionResult): string[] => result.path.map((step) => step.entity.key);

/**
 * A path-cache entry as stored, three newline-separated parts: the facts (`"6 0 person:a movie:b …"`:
 * degrees or `-` for no path, 1 when obscure links were needed, then the path's entity keys, which
 * hold no whitespace), the answer's JSON without `cached`, then the layers' JSON (empty when none were
 * recorded). JSON.stringify never writes a raw newline, so a hit can be answered from the text without
 * parsing it.
 */
export function storedEntry(result: ConnectionResult, layers?: RecordedLayer[]): string {
  const { cached: _cached, ...answer } = result;
  const facts = [result.degrees ?? '-', result.usedObscure ? 1 : 0, ...pathKeys(result)].join(' ');
  return `${facts}\n${JSON.stringify(answer)}\n${layers ? JSON.stringify(layers) : ''}`;
}

/** Where the answer's JSON starts and ends in a stored entry; null for the earlier format (one JSON value). */
function answerSpan(stored: string): [number, number] | null {
  if (stored.startsWith('{')) return null;
  const start = stored.indexOf('\n') + 1;
  return [start, stored.indexOf('\n', start)];
}

/** A stored entry, of this format or the earlier one (one JSON value: the entry, or the bare answer). */
export function parseEntry(stored: string): CacheEntry {
  const span = answerSpan(stored);
  if (!span) {
    const parsed = JSON.parse(stored) as CacheEntry | ConnectionResult;
    const entry = 'result' in parsed ? parsed : { result: parsed };
    return { result: { ...entry.result, cached: true }, layers: entry.layers };
  }
  const [start, end] = span;
  const layers = end + 1 < stored.length ? (JSON.parse(stored.slice(end + 1)) as RecordedLayer[]) : undefined;
  return { result: { ...(JSON.parse(stored.slice(start, end)) as ConnectionResult), cached: true }, layers };
}

/** A stored entry's answer as the API's JSON text, marked cached. */
export function hitJson(stored: string): string {
  const span = answerSpan(stored);
  if (!span) return JSON.stringify(parseEntry(stored).result);
  const [start, end] = span;
  return end - start > 2 ? `${stored.slice(start, end - 1)},"cached":true}` : '{"cached":true}';
}

/** A stored entry's degrees, obscure flag and path keys, read from its facts line (parsed for the earlier format). */
export function hitFacts(stored: string): HitFacts {
  if (stored.startsWith('{')) {
    const { result } = parseEntry(stored);
    return { degrees: result.degrees, usedObscure: result.usedObscure ?? false, through: pathKeys(result) };
  }
  const [degrees, obscure, ...through] = stored.slice(0, stored.indexOf('\n')).split(' ');
  return { degrees: degrees === '-' ? null : Number(degrees), usedObscure: obscure === '1', through };
}
