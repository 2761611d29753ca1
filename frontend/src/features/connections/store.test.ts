import { EVENTS, type SearchProgressed } from '@cinema-dna/shared-types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { foundResult, kevinBacon, notFoundResult, routeFetch, tomHanks } from '../../test/fixtures';
import { resetToasts, toastState } from '../../ui/toast';
import type { AppSocket } from '../realtime';
import {
  PACING,
  cancelSearch,
  connectionsState,
  handleSocketDisconnect,
  pairProblem,
  receiveCompleted,
  receiveFailed,
  receiveProgress,
  resetConnections,
  skipReveal,
  startSearch,
} from './store';

type Ack = (error: Error | null, response?: unknown) => void;

/** Records emits; the test answers acknowledgements by hand. */
function fakeSocket(connected = true) {
  const emits: Array<{ event: string; payload: unknown; ack?: Ack }> = [];
  const socket = {
    connected,
    timeout: () => ({
      emit: (event: string, payload: unknown, ack: Ack) => {
        emits.push({ event, payload, ack });
      },
    }),
    emit: (event: string, payload: unknown) => {
      emits.push({ event, payload });
    },
  };
  return { socket: socket as unknown as AppSocket, emits };
}

function progress(patch: Partial<SearchProgressed> & Pick<SearchProgressed, 'layer' | 'side'>): SearchProgressed {
  return {
    requestId: 'r1',
    frontierSize: 8,
    visited: 10 * patch.layer,
    edgesScanned: 20 * patch.layer,
    sample: [{ key: 'movie:apollo-13-1995', id: 'apollo-13-1995', name: 'Apollo 13', type: 'movie' }],
    elapsedMs: 0.1 * patch.layer,
    ...patch,
  };
}

const toastTitles = () => toastState.toasts.map((t) => t.title);

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  resetConnections();
  resetToasts();
});

afterEach(() => {
  resetConnections();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live search over the socket', () => {
  it('sends search:start with the entities and parameters, then reveals layers and steps at a readable pace', () => {
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });

    expect(emits[0]!.event).toBe(EVENTS.searchStart);
    expect(emits[0]!.payload).toMatchObject({
      fromEntity: { id: 'kevin-bacon', type: 'person' },
      toEntity: { id: 'tom-hanks', type: 'person' },
      parameters: { maxDegrees: 6, allowedTypes: ['person', 'movie', 'genre', 'keyword', 'company', 'collection'], avoid: [] },
    });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    expect(connectionsState.run).toMatchObject({ phase: 'searching', transport: 'socket', requestId: 'r1' });

    // A 1 ms search: everything arrives at once.
    receiveProgress(progress({ layer: 1, side: 'from' }));
    receiveProgress(progress({ layer: 2, side: 'to' }));
    receiveProgress(progress({ layer: 3, side: 'from', requestId: 'someone-else' }));
    receiveCompleted({ requestId: 'r1', result: foundResult() });
    const run = connectionsState.run!;
    expect(run.layers).toHaveLength(0);

    // One thing at a time: the first layer after the lead, then the other, then the path step by step.
    vi.advanceTimersByTime(PACING.leadMs);
    expect(run.layers.map((l) => [l.side, l.depth])).toEqual([['from', 1]]);
    const seen: string[] = [];
    while (vi.getTimerCount() > 0 && run.phase === 'searching') {
      vi.advanceTimersToNextTimer();
      seen.push(`${run.layers.length} layers, ${run.result ? `result, ${run.revealedSteps} steps` : 'no result'}`);
    }
    expect(seen).toEqual(['2 layers, no result', '2 layers, result, 0 steps', '2 layers, result, 1 steps', '2 layers, result, 2 steps', '2 layers, result, 3 steps']);
    expect(run.layers.map((l) => [l.side, l.depth])).toEqual([
      ['from', 1],
      ['to', 1],
    ]);
    expect(run.visited).toBe(20);
    expect(run.phase).toBe('found');
    expect(run.replay).toBe(false);
    expect(toastState.toasts[0]).toMatchObject({ title: 'Connection Found!', description: 'Found a 2-degree connection...' });
    // The answer arrived at 0 ms: it is on screen within the cap.
    expect(Date.now()).toBeLessThanOrEqual(PACING.answerCapMs);
  });

  it('never holds an answer back past the cap, however many layers and steps it has', () => {
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    for (let layer = 1; layer <= 16; layer++) receiveProgress(progress({ layer, side: layer % 2 ? 'from' : 'to' }));
    const long = foundResult();
    const middle = long.path[1]!;
    receiveCompleted({ requestId: 'r1', result: { ...long, degrees: 8, path: [long.path[0]!, ...Array.from({ length: 7 }, () => middle), long.path[2]!] } });
    vi.advanceTimersByTime(PACING.answerCapMs);
    expect(connectionsState.run).toMatchObject({ phase: 'found', revealedSteps: 9 });
    expect(connectionsState.run!.layers).toHaveLength(16);
  });

  it('Skip shows the result at once, and an answer that arrives after Skip at once too', () => {
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    receiveProgress(progress({ layer: 1, side: 'from' }));
    receiveProgress(progress({ layer: 2, side: 'to' }));
    receiveCompleted({ requestId: 'r1', result: foundResult() });
    expect(connectionsState.run!.phase).toBe('searching');
    skipReveal();
    expect(connectionsState.run).toMatchObject({ phase: 'found', revealedSteps: 3 });
    expect(connectionsState.run!.layers).toHaveLength(2);

    startSearch({ from: tomHanks, to: kevinBacon, origin: 'finder', socket });
    emits[1]!.ack!(null, { ok: true, data: { requestId: 'r2' } });
    skipReveal();
    receiveProgress(progress({ requestId: 'r2', layer: 1, side: 'from' }));
    expect(connectionsState.run!.layers).toHaveLength(1);
    receiveCompleted({ requestId: 'r2', result: foundResult() });
    expect(connectionsState.run).toMatchObject({ phase: 'found', revealedSteps: 3 });
  });

  it('replays a cached answer\'s layers one by one, marked as a replay', () => {
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    for (let layer = 1; layer <= 6; layer++) receiveProgress(progress({ layer, side: layer % 2 ? 'from' : 'to' }));
    receiveCompleted({ requestId: 'r1', result: foundResult({ cached: true }) });
    const run = connectionsState.run!;
    expect(run.replay).toBe(true);
    vi.advanceTimersByTime(PACING.leadMs);
    expect(run.layers).toHaveLength(1);
    vi.advanceTimersToNextTimer();
    expect(run.layers).toHaveLength(2);
    vi.advanceTimersByTime(PACING.answerCapMs);
    expect(run).toMatchObject({ phase: 'found', result: { cached: true } });
    expect(run.layers).toHaveLength(6);
  });

  it('starts the frontier again when the search widens to every link, numbering the widened layers from 1', () => {
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    for (let layer = 1; layer <= 6; layer++) receiveProgress(progress({ layer, pass: 1, side: layer % 2 ? 'from' : 'to' }));
    for (let layer = 7; layer <= 9; layer++) receiveProgress(progress({ layer, pass: 2, side: layer % 2 ? 'from' : 'to' }));
    receiveCompleted({ requestId: 'r1', result: foundResult({ usedObscure: true }) });
    vi.advanceTimersByTime(PACING.answerCapMs);
    const run = connectionsState.run!;
    expect(run.phase).toBe('found');
    expect(run.widened).toBe(true);
    expect(run.layers.map((l) => [l.side, l.depth])).toEqual([
      ['from', 1],
      ['to', 1],
      ['from', 2],
    ]);
  });

  it('keeps events that arrive before the acknowledgement and replays the ones that are ours', () => {
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    receiveProgress(progress({ layer: 1, side: 'from' }));
    receiveProgress(progress({ layer: 1, side: 'from', requestId: 'old-search' }));
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    vi.runAllTimers();
    expect(connectionsState.run!.layers).toHaveLength(1);
  });

  it('says "No Connection Found" with the search\'s real limit', () => {
    const { socket, emits } = fakeSocket();
    connectionsState.parameters.maxDegrees = 1;
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    expect(emits[0]!.payload).toMatchObject({ parameters: { maxDegrees: 1 } });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    receiveCompleted({ requestId: 'r1', result: notFoundResult(1) });
    vi.runAllTimers();
    expect(connectionsState.run!.phase).toBe('not-found');
    expect(toastState.toasts[0]).toMatchObject({
      title: 'No Connection Found',
      description: "Couldn't find a connection within 1 degree. Try expanding your search parameters.",
      variant: 'destructive',
    });
  });

  it('fails with the server message, under the caller\'s title', () => {
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'entity:person:kevin-bacon', socket, failureTitle: 'Connection Search Failed' });
    emits[0]!.ack!(null, { ok: false, error: { code: 'RATE_LIMITED', message: 'Too many searches. Try again in a minute.' } });
    vi.runAllTimers();
    expect(connectionsState.run).toMatchObject({ phase: 'failed', error: 'Too many searches. Try again in a minute.' });
    expect(toastState.toasts[0]).toMatchObject({ title: 'Connection Search Failed', description: 'Too many searches. Try again in a minute.' });
  });

  it('turns search:failed into a failure', () => {
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    receiveFailed({ requestId: 'r1', error: { code: 'INTERNAL_ERROR', message: 'Search worker crashed' } });
    vi.runAllTimers();
    expect(connectionsState.run!.phase).toBe('failed');
    expect(toastTitles()).toEqual(['Search Failed']);
  });

  it('shows the server’s refusal of a search between the ends of a challenge in progress', () => {
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    const message = 'Finish or give up your challenge first: the engine will not solve it for you.';
    receiveFailed({ requestId: 'r1', error: { code: 'CHALLENGE_IN_PROGRESS', message } });
    vi.runAllTimers();
    expect(connectionsState.run).toMatchObject({ phase: 'failed', error: message, result: null });
    expect(toastState.toasts[0]).toMatchObject({ title: 'Search Failed', description: message });
  });

  it('cancels on Clear: emits search:cancel and forgets the run, ignoring late events', () => {
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    receiveProgress(progress({ layer: 1, side: 'from' }));
    cancelSearch(socket);
    expect(emits.at(-1)).toMatchObject({ event: EVENTS.searchCancel, payload: { requestId: 'r1' } });
    expect(connectionsState.run).toBeNull();
    receiveCompleted({ requestId: 'r1', result: foundResult() });
    vi.runAllTimers();
    expect(connectionsState.run).toBeNull();
    expect(toastTitles()).toEqual([]);
  });

  it('a new search replaces the running one', () => {
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    startSearch({ from: tomHanks, to: kevinBacon, origin: 'finder', socket });
    emits[1]!.ack!(null, { ok: true, data: { requestId: 'r2' } });
    receiveCompleted({ requestId: 'r1', result: foundResult() });
    vi.runAllTimers();
    expect(connectionsState.run).toMatchObject({ requestId: 'r2', phase: 'searching', result: null });
  });

  it('shows the final state at once when reduced motion is asked for', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query.includes('reduce'), media: query }) as MediaQueryList);
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    receiveProgress(progress({ layer: 1, side: 'from' }));
    receiveCompleted({ requestId: 'r1', result: foundResult() });
    expect(connectionsState.run).toMatchObject({ phase: 'found', revealedSteps: 3 });
    expect(connectionsState.run!.layers).toHaveLength(1);
  });
});

describe('REST fallback', () => {
  it('asks POST /api/find-connection when the socket is not connected', async () => {
    const fetchMock = vi.fn(routeFetch({ '/api/find-connection': () => ({ body: foundResult({ cached: true }) }) }));
    vi.stubGlobal('fetch', fetchMock);
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket: fakeSocket(false).socket });
    expect(connectionsState.run!.transport).toBe('rest');
    await vi.runAllTimersAsync();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toMatchObject({ fromEntity: { id: 'kevin-bacon', type: 'person' } });
    expect(connectionsState.run).toMatchObject({ phase: 'found', revealedSteps: 3 });
  });

  it('finishes a socket search over REST when the socket drops mid-search', async () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({ '/api/find-connection': () => ({ body: foundResult() }) })));
    const { socket, emits } = fakeSocket();
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder', socket });
    emits[0]!.ack!(null, { ok: true, data: { requestId: 'r1' } });
    handleSocketDisconnect();
    await vi.runAllTimersAsync();
    expect(connectionsState.run).toMatchObject({ transport: 'rest', phase: 'found' });
  });

  it('shows the server\'s 400 message, or the spec\'s text when there is none', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(routeFetch({ '/api/find-connection': () => ({ status: 400, body: { code: 'INVALID_ENTITY', message: 'Unknown entity person:nobody' } }) })),
    );
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder' });
    await vi.runAllTimersAsync();
    expect(toastState.toasts[0]).toMatchObject({ title: 'Search Failed', description: 'Unknown entity person:nobody' });

    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 502 })));
    startSearch({ from: kevinBacon, to: tomHanks, origin: 'finder' });
    await vi.runAllTimersAsync();
    expect(toastState.toasts[0]).toMatchObject({ title: 'Search Failed', description: 'An error occurred while searching for connections. Please try again.' });
  });
});

describe('pairProblem', () => {
  it('needs both entities, and two different ones', () => {
    expect(pairProblem(null, tomHanks)).toBe('missing');
    expect(pairProblem(kevinBacon, { ...kevinBacon })).toBe('same');
    expect(pairProblem(kevinBacon, tomHanks)).toBeNull();
  });
});
