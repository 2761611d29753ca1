import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SnapshotFormatError } from './errors.js';
import { FORWARD_BIT, OBSCURE_BIT, RELATIONSHIP_MASK, TYPE_CODE, relationshipOf, tierOf } from './model.js';
import { SnapshotBuilder } from './snapshot-builder.js';
import { Graph, loadSnapshot, loadSnapshotSync } from './snapshot.js';
import { fixture, randomGraph, writeFixture } from './test-graphs.js';

const dir = mkdtempSync(join(tmpdir(), 'cdna-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('snapshot round trip', () => {
  const fx = randomGraph({ seed: 42, people: 500, movies: 200, credits: 1500, genres: 4, keywords: 8, companies: 6, hubLinks: 400 });
  // Names with accents, scripts and emoji survive byte-exact.
  fx.entities[0]!.name = 'Penélope Cruz';
  fx.entities[1]!.name = '渡辺謙';
  fx.entities[2]!.name = 'Zoë 🎬 Kravitz';
  const path = join(dir, 'round-trip.snapshot');
  writeFixture(fx, path);

  it('loads every entity back identical, and resolves every key', async () => {
    const graph = await loadSnapshot(path);
    expect(graph.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(graph.nodeCount).toBe(fx.entities.length);
    fx.entities.forEach((e, i) => {
      expect(graph.key(i)).toBe(e.key);
      expect(graph.name(i)).toBe(e.name);
      expect(graph.type(i)).toBe(e.type);
      expect(graph.popularity[i]).toBe(Math.fround(e.popularity ?? 0));
      expect(graph.resolve(e.key)).toBe(i);
    });
    expect(graph.resolve('person:does-not-exist')).toBe(-1);
    expect(graph.resolve('movie:0')).toBe(fx.entities.findIndex((e) => e.key === 'movie:0'));
    expect(graph.resolve('spaceship:1')).toBe(-1);
    expect(graph.resolve('no-colon')).toBe(-1);
  });

  it('holds exactly the deduplicated links, in both endpoints’ lists, with labels', () => {
    const graph = loadSnapshotSync(path);
    const expected = new Map<string, string | null>();
    for (const l of fx.links) {
      const id = `${l.from}|${l.relationship}|${l.to}`;
      if (!expected.has(id)) expected.set(id, l.label ?? null);
    }
    const seen = new Map<string, string | null>();
    for (let v = 0; v < graph.nodeCount; v++) {
      let previous = -1;
      for (let p = graph.offsets[v]!; p < graph.offsets[v + 1]!; p++) {
        const w = graph.neighbours[p]!;
        const byte = graph.relations[p]!;
        const key = w * 256 + byte;
        expect(key).toBeGreaterThan(previous); // sorted by (neighbour, relation), no duplicates
        previous = key;
        // Every entry has its mirror in the neighbour's list.
        expect(graph.findEntry(w, v, byte ^ FORWARD_BIT)).toBeGreaterThanOrEqual(0);
        if (byte & FORWARD_BIT) seen.set(`${graph.key(v)}|${relationshipOf(byte & RELATIONSHIP_MASK)}|${graph.key(w)}`, graph.labelAt(v, p));
        else expect(graph.labelAt(v, p)).toBe(expected.get(`${graph.key(w)}|${relationshipOf(byte)}|${graph.key(v)}`));
      }
    }
    expect(seen).toEqual(expected);
    expect(graph.linkCount).toBe(expected.size);
    expect(graph.header.adjacency).toBe(2 * expected.size);
  });

  it('loads the same bytes synchronously and asynchronously, and from a copied buffer', async () => {
    const a = await loadSnapshot(path);
    const b = loadSnapshotSync(path);
    expect(Buffer.from(a.buffer as SharedArrayBuffer).equals(Buffer.from(b.buffer as SharedArrayBuffer))).toBe(true);
    const bytes = readFileSync(path);
    const c = Graph.fromBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    expect(c.key(7)).toBe(a.key(7));
    expect(Array.from(c.neighbours)).toEqual(Array.from(a.neighbours));
  });
});

describe('snapshot builder', () => {
  it('dedupes links, counts dangling ones, ignores self-links, keeps the first label', () => {
    const builder = new SnapshotBuilder();
    builder.addEntity({ key: 'person:1', type: 'person', name: 'A', popularity: 3 });
    builder.addEntity({ key: 'movie:1', type: 'movie', name: 'M', popularity: 5 });
    expect(builder.addLink({ from: 'person:1', to: 'movie:1', relationship: 'acted_in', label: 'First' })).toBe(true);
    expect(builder.addLink({ from: 'person:1', to: 'movie:1', relationship: 'acted_in', label: 'Second' })).toBe(true);
    expect(builder.addLink({ from: 'person:1', to: 'movie:1', relationship: 'directed' })).toBe(true);
    expect(builder.addLink({ from: 'person:1', to: 'movie:404', relationship: 'acted_in' })).toBe(false);
    expect(builder.addLink({ from: 'movie:1', to: 'movie:1', relationship: 'part_of_collection' })).toBe(false);
    const path = join(dir, 'dedupe.snapshot');
    const stats = builder.write(path);
    expect(stats).toMatchObject({ entities: 2, links: 2, duplicateLinks: 1, danglingLinks: 1, labelled: 1 });
    const graph = loadSnapshotSync(path);
    expect(graph.linkCount).toBe(2);
    const p = graph.findEntry(0, 1, FORWARD_BIT | 0);
    expect(graph.labelAt(0, p)).toBe('First');
    expect(graph.labelAt(1, graph.findEntry(1, 0, 0))).toBe('First');
    // Subtype derived from the most frequent credit (tie: acting first).
    expect(graph.subtype(0)).toBe('actor');
    expect(graph.subtype(1)).toBeNull();
  });

  it('merges a repeated entity: first name, highest popularity, first subtype', () => {
    const builder = new SnapshotBuilder();
    const a = builder.addEntity({ key: 'person:9', type: 'person', name: 'First Name', popularity: 1 });
    const b = builder.addEntity({ key: 'person:9', type: 'person', name: 'Other Name', popularity: 7, subtype: 'director' });
    expect(b).toBe(a);
    const path = join(dir, 'merge.snapshot');
    builder.write(path);
    const graph = loadSnapshotSync(path);
    expect(graph.entity(0)).toMatchObject({ name: 'First Name', popularity: 7, subtype: 'director' });
  });

  it('rejects malformed entities and links', () => {
    const builder = new SnapshotBuilder();
    expect(() => builder.addEntity({ key: '603', type: 'movie', name: 'x' })).toThrow(/movie:/);
    expect(() => builder.addEntity({ key: 'person:1', type: 'movie', name: 'x' })).toThrow(/movie:/);
    expect(() => builder.addEntity({ key: 'ship:1', type: 'ship' as never, name: 'x' })).toThrow(/unknown entity type/);
    builder.addEntity({ key: 'movie:1', type: 'movie', name: 'x' });
    builder.addEntity({ key: 'movie:2', type: 'movie', name: 'y' });
    expect(() => builder.addLink({ from: 'movie:1', to: 'movie:2', relationship: 'likes' as never })).toThrow(/unknown relationship/);
    expect(() => builder.addLinkByIndex(0, 5, 'acted_in')).toThrow(RangeError);
  });

  it('marks the hub types (genre, keyword, company, location) as obscure, and nothing else', () => {
    const entities: Array<[string, number]> = [['genre:drama', 100], ['keyword:heist', 100], ['company:c', 0], ['location:fr', 5], ['collection:c', 0], ['award:a', 0]];
    for (let i = 0; i < 20; i++) entities.push([`person:${i}`, i], [`movie:${i}`, i]);
    const graph = loadFixture(fixture(entities, []));
    const obscure = (key: string) => (graph.classes[graph.resolve(key)]! & OBSCURE_BIT) !== 0;
    for (const hub of ['genre:drama', 'keyword:heist', 'company:c', 'location:fr']) expect(obscure(hub), hub).toBe(true);
    for (const other of ['collection:c', 'award:a', 'person:0', 'movie:0', 'person:19']) expect(obscure(other), other).toBe(false);
    expect(graph.classes[graph.resolve('person:0')]).toBe(TYPE_CODE.person);
  });

  it('stores each link’s tier in both copies, the best tier first among parallel links, and billing positions', () => {
    const graph = loadFixture(
      fixture(
        [['person:p'], ['movie:m'], ['movie:n'], ['person:q'], ['genre:g']],
        [
          ['person:p', 'crew', 'movie:m', 'Foley Artist'],
          ['person:p', 'acted_in', 'movie:m', 'Waiter', 12],
          ['person:p', 'directed', 'movie:m'],
          ['person:q', 'crew', 'movie:m', 'Sound Mixer, Editor'],
          ['person:q', 'acted_in', 'movie:n', undefined, 15],
          ['person:q', 'acted_in', 'movie:n', 'Lead', 3], // the same credit again, billed higher
          ['movie:m', 'has_genre', 'genre:g'],
        ],
      ),
    );
    const [p, m, n, q, g] = ['person:p', 'movie:m', 'movie:n', 'person:q', 'genre:g'].map((key) => graph.resolve(key)) as [number, number, number, number, number];
    const links = (owner: number, neighbour: number) => {
      const out: Array<[string, string]> = [];
      for (let at = graph.offsets[owner]!; at < graph.offsets[owner + 1]!; at++) {
        if (graph.neighbours[at] === neighbour) out.push([relationshipOf(graph.relations[at]!), tierOf(graph.relations[at]!)]);
      }
      return out;
    };
    const expected = [['directed', 'core'], ['acted_in', 'supporting'], ['crew', 'obscure']];
    expect(links(p, m)).toEqual(expected);
    expect(links(m, p)).toEqual(expected);
    expect(links(q, m)).toEqual([['crew', 'supporting']]); // the best of its jobs
    expect(links(q, n)).toEqual([['acted_in', 'core']]);
    expect(links(m, g)).toEqual([['has_genre', 'obscure']]);
    const entry = (owner: number, neighbour: number, relationship: string) => {
      for (let at = graph.offsets[owner]!; at < graph.offsets[owner + 1]!; at++) {
        if (graph.neighbours[at] === neighbour && relationshipOf(graph.relations[at]!) === relationship) return at;
      }
      throw new Error(`no ${relationship} link`);
    };
    expect(graph.billingAt(p, entry(p, m, 'acted_in'))).toBe(12);
    expect(graph.billingAt(m, entry(m, p, 'acted_in'))).toBe(12);
    expect(graph.billingAt(m, entry(m, p, 'directed'))).toBeNull();
    expect(graph.billingAt(n, entry(n, q, 'acted_in'))).toBe(3);
    expect(graph.labelAt(n, entry(n, q, 'acted_in'))).toBe('Lead');
  });

  it('gives a person their main role: tier-weighted credits, so a director with bit parts is a director', () => {
    const links: Array<[string, 'acted_in' | 'directed' | 'produced' | 'crew', string, string?, number?]> = [];
    for (let i = 0; i < 3; i++) links.push(['person:singer', 'directed', `movie:${i}`]);
    for (let i = 3; i < 8; i++) links.push(['person:singer', 'acted_in', `movie:${i}`, 'Guard', 20 + i]); // 5 bit parts
    for (let i = 0; i < 4; i++) links.push(['person:star', 'acted_in', `movie:${i}`, 'Lead', 0], ['person:star', 'produced', `movie:${i}`, 'Producer']);
    for (let i = 0; i < 3; i++) links.push(['person:grip', 'crew', `movie:${i}`, 'Key Grip']);
    links.push(['person:grip', 'acted_in', 'movie:9', 'Passer-by', 40]);
    const entities: Array<[string]> = [['person:singer'], ['person:star'], ['person:grip'], ['person:uncredited']];
    for (let i = 0; i < 10; i++) entities.push([`movie:${i}`]);
    const fx = fixture(entities, links);
    fx.entities.find((e) => e.key === 'person:singer')!.subtype = 'actor'; // what a source may say
    fx.entities.find((e) => e.key === 'person:uncredited')!.subtype = 'composer';
    const graph = loadFixture(fx);
    expect(graph.subtype(graph.resolve('person:singer'))).toBe('director');
    expect(graph.subtype(graph.resolve('person:star'))).toBe('actor');
    expect(graph.subtype(graph.resolve('person:grip'))).toBe('crew');
    expect(graph.subtype(graph.resolve('person:uncredited'))).toBe('composer');
  });

  it('writes an empty graph that loads', () => {
    const path = join(dir, 'empty.snapshot');
    new SnapshotBuilder().write(path);
    const graph = loadSnapshotSync(path);
    expect(graph.nodeCount).toBe(0);
    expect(graph.resolve('movie:1')).toBe(-1);
  });
});

describe('snapshot loader rejects bad files', () => {
  const path = join(dir, 'good.snapshot');
  writeFixture(randomGraph({ seed: 1, people: 20, movies: 10, credits: 30 }), path);
  const good = readFileSync(path);

  it.each([
    ['bad magic', (b: Buffer) => b.write('NOTAGRPH', 0, 'latin1'), /bad magic/],
    ['another version', (b: Buffer) => b.writeUInt32LE(99, 8), /version 99/],
    ['a truncated file', (b: Buffer) => b.subarray(0, b.length - 100), /outside the file|truncated/],
    ['a tiny file', (b: Buffer) => b.subarray(0, 10), /too short/],
  ] as const)('%s', (_, corrupt, message) => {
    const copy = Buffer.from(good);
    const result = corrupt(copy);
    const bad = join(dir, 'bad.snapshot');
    writeFileSync(bad, Buffer.isBuffer(result) ? result : copy);
    expect(() => loadSnapshotSync(bad)).toThrow(SnapshotFormatError);
    expect(() => loadSnapshotSync(bad)).toThrow(message);
  });

  it('reports a missing file with the path', async () => {
    await expect(loadSnapshot(join(dir, 'missing.snapshot'))).rejects.toThrow(/missing\.snapshot/);
  });
});

function loadFixture(fx: ReturnType<typeof fixture>): Graph {
  const path = join(dir, `fixture-${Math.random().toString(36).slice(2)}.snapshot`);
  writeFixture(fx, path);
  return loadSnapshotSync(path);
}
