import type { ConnectionResult } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { hitFacts, hitJson, parseEntry, storedEntry } from './cache-entry.js';
import type { RecordedLayer } from './service.js';

const entity = (key: string, name: string) => {
  const [type, id] = key.split(':') as [string, string];
  return { id, key, name, type, subtype: null, popularity: 1, profile_path: null, poster_path: null, logo_path: null, release_date: null, year: null, country: null, overview: null };
};
// Names with what JSON must escape: a newline, quotes, a backslash before a quote.
const answer = {
  found: true,
  path: [
    { entity: entity('person:a', 'Line one\nline two'), relationship: { type: 'acted_in', direction: 'forward', character: 'The "Kid" \\', job: null, label: 'x', tier: 'core' } },
    { entity: entity('movie:b', 'Back\\"slash'), relationship: null },
  ],
  degrees: 1,
  cached: false,
  message: 'Found a 1-degree connection between Line one\nline two and Back\\"slash.',
  totalWeight: 1.5,
  shortestPathCount: 1,
  maxDegrees: 6,
  searchMs: 0.5,
} as unknown as ConnectionResult;
const layers = [{ layer: 1, side: 'from', frontierSize: 3, visited: 4, edgesScanned: 5, sample: [], elapsedMs: 0.1 }] as unknown as RecordedLayer[];
const asHit = { ...answer, cached: true };

describe('path-cache entries', () => {
  it('give back the answer, marked cached, and the layers it was found with', () => {
    expect(parseEntry(storedEntry(answer, layers))).toEqual({ result: asHit, layers });
    expect(parseEntry(storedEntry(answer))).toEqual({ result: asHit, layers: undefined });
  });

  it('answer a hit as JSON text equal to the answer marked cached, without parsing the entry', () => {
    expect(JSON.parse(hitJson(storedEntry(answer, layers)))).toEqual(asHit);
    expect(JSON.parse(hitJson(storedEntry(answer)))).toEqual(asHit);
  });

  it('tell a hit its degrees and whether it needed obscure links, without parsing the answer', () => {
    expect(hitFacts(storedEntry(answer, layers))).toEqual({ degrees: 1, usedObscure: false, through: ['person:a', 'movie:b'] });
    expect(hitFacts(storedEntry({ ...answer, degrees: 4, usedObscure: true }))).toEqual({ degrees: 4, usedObscure: true, through: ['person:a', 'movie:b'] });
    expect(hitFacts(storedEntry({ ...answer, found: false, path: [], degrees: null }))).toEqual({ degrees: null, usedObscure: false, through: [] });
    expect(hitFacts(JSON.stringify({ result: { ...answer, degrees: 3 } }))).toEqual({ degrees: 3, usedObscure: false, through: ['person:a', 'movie:b'] });
    // An entry of this format written before the path's keys were kept.
    expect(hitFacts(`2 1\n${JSON.stringify(answer)}\n`)).toEqual({ degrees: 2, usedObscure: true, through: [] });
  });

  it('still read entries written in the earlier formats (one JSON value)', () => {
    for (const old of [JSON.stringify({ result: answer, layers }), JSON.stringify({ result: answer }), JSON.stringify(answer)]) {
      expect(parseEntry(old).result).toEqual(asHit);
      expect(JSON.parse(hitJson(old))).toEqual(asHit);
    }
    expect(parseEntry(JSON.stringify({ result: answer, layers })).layers).toEqual(layers);
  });
});
