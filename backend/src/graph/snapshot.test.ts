import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SnapshotFormatError } from './errors.js';
import { FORWARD_BIT, OBSCURE_BIT, RELATIONSHIP_MASK, TYPE_CODE, relationshipOf } from './model.js';
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

  it('marks hubs and the least popular people and movies as obscure', () => {
    const entities: Array<[string, number]> = [['genre:drama', 100], ['keyword:heist', 100], ['company:c', 0]];
    for (let i = 0; i < 20; i++) entities.push([`person:${i}`, i]);
    const graph = loadFixture(fixture(entities, []));
    expect(graph.header.obscureThreshold).toBe(2);
    const obscure = (key: string) => (graph.classes[graph.resolve(key)]! & OBSCURE_BIT) !== 0;
    expect(obscure('genre:drama')).toBe(true);
    expect(obscure('keyword:heist')).toBe(true);
    expect(obscure('company:c')).toBe(false);
    expect(obscure('person:0')).toBe(true);
    expect(obscure('person:2')).toBe(true);
    expect(obscure('person:3')).toBe(false);
    expect(graph.classes[graph.resolve('person:3')]).toBe(TYPE_CODE.person);
    // No spread (every popularity equal): nobody is obscure by popularity.
    const flat = loadFixture(fixture(Array.from({ length: 10 }, (_, i) => [`movie:${i}`, 0] as [string, number]), []));
    expect(Array.from(flat.classes).every((c) => (c & OBSCURE_BIT) === 0)).toBe(true);
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
