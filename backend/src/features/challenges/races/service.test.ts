import { RACE_CODE_ALPHABET, RaceCodeSchema, type EntitySummary, type RaceState } from '@cinema-dna/shared-types';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGraph, randomGraph } from '../../../graph/test-graphs.js';
import { createMemorySharedState } from '../../../platform/cache/memory.js';
import { createLogger } from '../../../platform/logging.js';
import { createRecordingNotifier, type RecordingNotifier } from '../../../test-support/recording-notifier.js';
import { RaceRules } from './pairs.js';
import { createRaceService, type RaceService } from './service.js';

const graph = buildGraph(randomGraph({ seed: 1212, people: 160, movies: 90, credits: 520, genres: 4, keywords: 6, companies: 3, hubLinks: 160 }));
const summaries = async (indices: number[]): Promise<EntitySummary[]> =>
  indices.map((index) => {
    const e = graph.entity(index);
    return { id: e.id, key: e.key, name: e.name, type: e.type, subtype: e.subtype, popularity: e.popularity, profile_path: null, poster_path: null, logo_path: null, release_date: null, year: null, country: null, overview: null };
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const COUNTDOWN_MS = 300;

/** Two "processes": two race services (each its own queue and timers) over one shared state. */
function twoProcesses() {
  const shared = createMemorySharedState();
  const make = (notifier: RecordingNotifier) =>
    createRaceService({ rooms: shared.versioned, graph: () => graph, summaries, notifier, logger: createLogger('silent'), settings: { countdownMs: COUNTDOWN_MS, timeLimitSeconds: 2 } });
  const notifiers = [createRecordingNotifier(), createRecordingNotifier()] as const;
  const services = [make(notifiers[0]), make(notifiers[1])] as const;
  return { shared, notifiers, services };
}
const states = (notifier: RecordingNotifier) => notifier.sent.filter((sent) => sent.event === 'race:state').map((sent) => sent.payload[0] as RaceState);

const opened: RaceService[] = [];
afterEach(() => {
  for (const service of opened.splice(0)) service.close();
});

describe('one race served by two processes over one shared state', () => {
  it('applies concurrent changes from both once each, and writes a deadline once whichever timer fires first', async () => {
    const { notifiers, services } = twoProcesses();
    const [a, b] = services;
    opened.push(a, b);
    const { code } = await a.create({ userId: 1, displayName: 'Ana' });
    // Players arrive through either process at the same moment: none is lost to the other's write.
    await Promise.all([
      a.join(code, { socketId: 'a1', userId: 1 }, 'player'),
      b.join(code, { socketId: 'b2', userId: 2, displayName: 'Ben' }, 'player'),
      a.join(code, { socketId: 'a3', userId: 3, displayName: 'Cho' }, 'player'),
      b.join(code, { socketId: 'b4' }, 'spectator'),
    ]);
    const lobby = await b.get(code);
    expect(lobby.players.map((p) => p.userId).sort()).toEqual([1, 2, 3]);
    expect(lobby.spectators).toBe(1);

    const started = await a.start(code, 1);
    // B touched the room after the start: both processes now hold a timer for startsAt.
    expect((await b.get(code)).startsAt).toBe(started.startsAt);
    const racingStates = () => [...states(notifiers[0]), ...states(notifiers[1])].filter((s) => s.status === 'racing');
    await expect.poll(() => racingStates().length, { timeout: 5_000 }).toBeGreaterThan(0);
    // Both timers have fired by now; the later one found nothing left to write.
    await sleep(100);
    const racing = racingStates();
    expect(racing).toHaveLength(1);
    expect(racing[0]!.version).toBe(started.version + 1);

    // Moves through both processes at once: each applied exactly once.
    const chain = new RaceRules(graph).optimal({ from: started.fromEntity!.key, to: started.toEntity!.key, par: started.par! }, 1).chains[0]!;
    const [moveA, moveB] = await Promise.all([a.move(code, 1, chain[1]!), b.move(code, 2, chain[1]!)]);
    expect([moveA.accepted, moveB.accepted]).toEqual([true, true]);
    const after = await a.get(code);
    expect(after.players.map((p) => [p.userId, p.links, p.moves])).toEqual([
      [1, 1, 1],
      [2, 1, 1],
      [3, 0, 0],
    ]);
    // Every version was broadcast once, by the process that wrote it.
    const versions = [...states(notifiers[0]), ...states(notifiers[1])].map((s) => s.version).sort((x, y) => x - y);
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('tells the mover’s progress before the state, with link counts only', async () => {
    const { notifiers, services } = twoProcesses();
    const [a] = services;
    opened.push(a, services[1]);
    const { code } = await a.create({ userId: 1, displayName: 'Ana' });
    await a.join(code, { socketId: 'a1', userId: 1 }, 'player');
    const started = await a.start(code, 1);
    await sleep(started.startsAt! - Date.now() + 20);
    const chain = new RaceRules(graph).optimal({ from: started.fromEntity!.key, to: started.toEntity!.key, par: started.par! }, 1).chains[0]!;
    const order: string[] = [];
    const sentBefore = notifiers[0].sent.length;
    const outcome = await a.move(code, 1, chain[1]!, (progress) => {
      order.push(`progress:${notifiers[0].sent.length - sentBefore}`);
      expect(progress).toEqual({ code, userId: 1, links: 1, moves: 1, status: 'playing' });
    });
    expect(outcome.chain.map((step) => step.entity.key)).toEqual(chain.slice(0, 2));
    // The progress went out before this move's state was sent.
    expect(order).toEqual(['progress:0']);
    const last = states(notifiers[0]).at(-1)!;
    expect(last.players[0]).toMatchObject({ links: 1, chain: null });
  });

  it('gives rooms codes of 8 characters none of which can be mistaken for another (no 0, 1, I, L or O)', async () => {
    const { services } = twoProcesses();
    opened.push(...services);
    expect(RACE_CODE_ALPHABET).toHaveLength(31);
    expect(RACE_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    const codes = await Promise.all(Array.from({ length: 20 }, (_, i) => services[i % 2]!.create({ userId: i + 1, displayName: `P${i}` }).then((room) => room.code)));
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(new Set(codes).size).toBe(codes.length);
    // What a person types: any letter case, spaces around; a mistaken O or 1 is refused before any lookup.
    expect(RaceCodeSchema.parse(` ${codes[0]!.toLowerCase()} `)).toBe(codes[0]);
    expect(RaceCodeSchema.safeParse('ABCD1FGH').success).toBe(false);
    expect(RaceCodeSchema.safeParse('ABC234').success).toBe(false);
  });
});
