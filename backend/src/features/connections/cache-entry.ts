import type { ConnectionResult } from '@cinema-dna/shared-types';
import type { RecordedLayer } from './service.js';

/** What the path cache holds for one search: the answer and the layers a live search found it with. */
export interface CacheEntry {
  result: ConnectionResult;
  /** Absent when the search ran without streaming (REST, or entries written before layers were kept). */
  layers?: RecordedLayer[];
}

/**
 * A path-cache entry as stored: the answer's JSON without `cached`, a newline, then the layers'
 * JSON (empty when none were recorded). JSON.stringify never writes a raw newline, so the first
 * one splits the two, and a hit can be answered from the text without parsing it.
 */
export function storedEntry(result: ConnectionResult, layers?: RecordedLayer[]): string {
  const { cached: _cached, ...answer } = result;
  return `${JSON.stringify(answer)}\n${layers ? JSON.stringify(layers) : ''}`;
}

/** A stored entry, of this format or an older one (one JSON value: the entry, or the bare answer). */
export function parseEntry(stored: string): CacheEntry {
  const split = stored.indexOf('\n');
  if (split < 0) {
    const parsed = JSON.parse(stored) as CacheEntry | ConnectionResult;
    const entry = 'result' in parsed ? parsed : { result: parsed };
    return { result: { ...entry.result, cached: true }, layers: entry.layers };
  }
  const layers = split + 1 < stored.length ? (JSON.parse(stored.slice(split + 1)) as RecordedLayer[]) : undefined;
  return { result: { ...(JSON.parse(stored.slice(0, split)) as ConnectionResult), cached: true }, layers };
}

/** A stored entry's answer as the API's JSON text, marked cached. */
export function hitJson(stored: string): string {
  const split = stored.indexOf('\n');
  if (split < 0) return JSON.stringify(parseEntry(stored).result);
  return split > 2 ? `${stored.slice(0, split - 1)},"cached":true}` : '{"cached":true}';
}

