import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CrawlState } from './crawl-state.js';
import type { TmdbPersonDetails } from './schemas.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tmdb-state-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const person = (id: number): TmdbPersonDetails => ({ id, name: `Person ${id}` });
async function readAll<T>(records: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const record of records) all.push(record);
  return all;
}

describe('CrawlState', () => {
  it('continues from the checkpoint, dropping records written after it (a run killed mid-write)', async () => {
    const file = path.join(dir, 'crawl.json');
    const first = CrawlState.open(file, 'http://tmdb');
    expect(first.resumed).toBe(false);
    for (const id of [1, 2]) {
      await first.people.append(person(id));
      first.personDone(id);
    }
    first.save(true);
    // After the checkpoint: one more complete record, then half a gzip member.
    await first.people.append(person(3));
    appendFileSync(first.people.file, Buffer.from([0x1f, 0x8b, 0x08]));

    const second = CrawlState.open(file, 'http://tmdb');
    expect(second.resumed).toBe(true);
    expect([...second.peopleDone]).toEqual([1, 2]);
    expect((await readAll(second.people.read())).map((p) => p.id)).toEqual([1, 2]);
    await second.people.append(person(3));
    expect((await readAll(second.people.read())).map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('starts afresh after a finished crawl, for another API, or from an unreadable checkpoint', async () => {
    const file = path.join(dir, 'crawl.json');
    const state = CrawlState.open(file, 'http://tmdb');
    await state.people.append(person(1));
    state.personDone(1);
    state.save(true);
    expect(CrawlState.open(file, 'http://elsewhere').resumed).toBe(false);

    const again = CrawlState.open(file, 'http://tmdb');
    await again.people.append(person(1));
    again.personDone(1);
    again.markComplete();
    again.save(true);
    const fresh = CrawlState.open(file, 'http://tmdb');
    expect(fresh.resumed).toBe(false);
    expect(await readAll(fresh.people.read())).toEqual([]);

    writeFileSync(file, '{ not json');
    expect(CrawlState.open(file, 'http://tmdb').resumed).toBe(false);
  });
});
