import {
  EVENTS,
  type ConnectionResult,
  type EntitySummary,
  type FindConnectionRequest,
  type SearchCompleted,
  type SearchFailed,
  type SearchParameters,
  type SearchProgressed,
} from '@cinema-dna/shared-types';
import { ApiRequestError } from '../../lib/api-client';
import { plural } from '../../lib/number-format';
import { prefersReducedMotion } from '../../lib/prefers-reduced-motion';
import { toast } from '../../ui/toast';
import type { AppSocket } from '../realtime';
import { findConnection } from './api/find-connection';
import { RevealPacer } from './lib/reveal-pacer';
import { connectionsState, plainCopy } from './store-state';

// The live search: one run at a time, over the socket (progress events, layers) or REST, revealed at a pace
// (phases: searching, then found, not-found or failed).

/**
 * Pacing of the live search (see RevealPacer): a 2 ms search still reads as a search, and no answer
 * is held back for long. The result heading is on screen about `answerCapMs` after the answer
 * arrived at the latest (the bench measures click -> heading on screen, target 1 s at the median).
 */
export const PACING = {
  /** "Searching..." shows at least this long before the first layer. */
  leadMs: 120,
  /** Each layer of the frontier stays alone on screen at least this long (less when the cap is near). */
  layerHoldMs: 180,
  /** Each step of the found path assembles this long after the previous one (less when the cap is near). */
  stepHoldMs: 80,
  /**
   * The whole reveal, from Find Connection to the last step, ends by this long after the click...
   * (1,200 ms until issue 26: fans on a loaded phone waited 1.3–2.6 s for an answer that took 30 ms.)
   */
  budgetMs: 800,
  /** ...and by this long after the answer arrived, however many layers and steps it has. */
  answerCapMs: 700,
} as const;

/** How long the server has to acknowledge `search:start` before the REST call takes over. */
const ACK_TIMEOUT_MS = 5000;

export const SEARCH_FAILED_TITLE = 'Search Failed';
export const SEARCH_FAILED_MESSAGE = 'An error occurred while searching for connections. Please try again.';

export type RunPhase = 'searching' | 'found' | 'not-found' | 'failed';

/** One layer of the frontier as the animation shows it. */
export interface FrontierLayer {
  side: 'from' | 'to';
  /** 1 for the layer next to its end, then outward. */
  depth: number;
  frontierSize: number;
  sample: SearchProgressed['sample'];
}

/** A search as the screen shows it: what has been revealed so far, not what has arrived. */
export interface SearchRun {
  id: number;
  /** Where the search was started, so only that place shows it ("finder", "advanced", "entity:person:x", "link"). */
  origin: string;
  from: EntitySummary;
  to: EntitySummary;
  parameters: SearchParameters;
  transport: 'socket' | 'rest';
  requestId: string | null;
  phase: RunPhase;
  layers: FrontierLayer[];
  visited: number;
  edgesScanned: number;
  elapsedMs: number;
  /** Set once the answer is revealed; the path then assembles step by step. */
  result: ConnectionResult | null;
  /** The answer has arrived from the cache: the layers on screen are its stored ones, replayed. */
  replay: boolean;
  /**
   * The first pass (cast and filmmakers only) found no chain and the search widened to every link; the
   * frontier then shows the widened pass from its first layer.
   */
  widened: boolean;
  revealedSteps: number;
  error: string | null;
  failureTitle: string;
  /** When the raw answers arrived, in ms after Find Connection (before pacing); for measuring, not display. */
  timing: { firstProgressMs: number | null; resultMs: number | null };
}

// ---------- the live search ----------

type Reveal =
  | { kind: 'layer'; progress: SearchProgressed }
  | { kind: 'result'; result: ConnectionResult }
  | { kind: 'step' }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/** Per-run bookkeeping that is not screen state. */
interface RunControl {
  id: number;
  pacer: RevealPacer<Reveal>;
  request: FindConnectionRequest;
  abort: AbortController;
  /** The answer (or failure) has arrived; later events are ignored. */
  settled: boolean;
  /** Events that arrived before the acknowledgement named the request. */
  early: Array<() => void>;
  startedAt: number;
}

let runCounter = 0;
let control: RunControl | null = null;

export interface StartSearchInput {
  from: EntitySummary;
  to: EntitySummary;
  origin: string;
  /** Defaults to the Settings panel's parameters. */
  parameters?: SearchParameters;
  /** Live over the socket when it is connected, else over REST. */
  socket?: AppSocket | null;
  /** Toast title on failure ('Search Failed'; the entity page says 'Connection Search Failed'). */
  failureTitle?: string;
}

/** Starts a search, replacing any running one; progress and the result arrive paced into `run`. */
export function startSearch(input: StartSearchInput): void {
  stopControl();
  const id = ++runCounter;
  // Plain copies: the inputs may be valtio snapshots (frozen) or proxies.
  const parameters = plainCopy(input.parameters ?? connectionsState.parameters);
  const from = plainCopy(input.from);
  const to = plainCopy(input.to);
  const transport = input.socket?.connected ? 'socket' : 'rest';
  connectionsState.run = {
    id,
    origin: input.origin,
    from,
    to,
    parameters,
    transport,
    requestId: null,
    phase: 'searching',
    layers: [],
    visited: 0,
    edgesScanned: 0,
    elapsedMs: 0,
    result: null,
    replay: false,
    widened: false,
    revealedSteps: 0,
    error: null,
    failureTitle: input.failureTitle ?? SEARCH_FAILED_TITLE,
    timing: { firstProgressMs: null, resultMs: null },
  };
  const request: FindConnectionRequest = {
    fromEntity: { id: from.id, type: from.type },
    toEntity: { id: to.id, type: to.type },
    parameters,
  };
  const reduced = prefersReducedMotion();
  control = {
    id,
    request,
    abort: new AbortController(),
    settled: false,
    early: [],
    startedAt: performance.now(),
    pacer: new RevealPacer<Reveal>((item) => applyReveal(id, item), { leadMs: PACING.leadMs, budgetMs: PACING.budgetMs, immediate: reduced }),
  };
  if (transport === 'socket') runOverSocket(control, input.socket!);
  else runOverRest(control);
}

/** Stops the running search (Clear, Find New Connection) and forgets the result. */
export function cancelSearch(socket?: AppSocket | null): void {
  const run = connectionsState.run;
  if (run && control && !control.settled && run.transport === 'socket' && run.requestId && socket?.connected) {
    socket.emit(EVENTS.searchCancel, { requestId: run.requestId }, () => {});
  }
  stopControl();
  connectionsState.run = null;
}

/** Skip: shows the rest of the reveal at once, and whatever arrives later as it arrives. */
export function skipReveal(): void {
  const run = connectionsState.run;
  if (run && control && control.id === run.id) control.pacer.flush();
}

export function receiveProgress(progress: SearchProgressed): void {
  withSocketRun(progress.requestId, (ctl) => {
    const timing = connectionsState.run!.timing;
    timing.firstProgressMs ??= Math.round(performance.now() - ctl.startedAt);
    ctl.pacer.push({ kind: 'layer', progress }, PACING.layerHoldMs);
  });
}

export function receiveCompleted({ requestId, result }: SearchCompleted): void {
  withSocketRun(requestId, (ctl) => settleWithResult(ctl, result));
}

export function receiveFailed({ requestId, error }: SearchFailed): void {
  withSocketRun(requestId, (ctl) => settleWithFailure(ctl, error.message));
}

/** The socket dropped mid-search (the server cancels it then): finish the same search over REST. */
export function handleSocketDisconnect(): void {
  const run = connectionsState.run;
  if (!run || !control || control.settled || run.transport !== 'socket') return;
  run.transport = 'rest';
  run.requestId = null;
  control.early = [];
  runOverRest(control);
}

/** Stops the running search's request and reveal, leaving the state as it is (resetConnections clears it). */
export function stopLiveSearch(): void {
  stopControl();
}

function stopControl(): void {
  if (!control) return;
  control.pacer.cancel();
  control.abort.abort();
  control = null;
}

function currentControl(id: number): RunControl | null {
  return control && control.id === id && connectionsState.run?.id === id ? control : null;
}

function withSocketRun(requestId: string, handle: (ctl: RunControl) => void): void {
  const run = connectionsState.run;
  const ctl = run ? currentControl(run.id) : null;
  if (!run || !ctl || ctl.settled || run.transport !== 'socket') return;
  if (run.requestId === null) {
    // Not acknowledged yet: keep the event until we know whether it is ours.
    if (ctl.early.length < 500) ctl.early.push(() => run.requestId === requestId && !ctl.settled && handle(ctl));
    return;
  }
  if (requestId === run.requestId) handle(ctl);
}

function runOverSocket(ctl: RunControl, socket: AppSocket): void {
  socket.timeout(ACK_TIMEOUT_MS).emit(EVENTS.searchStart, ctl.request, (error, ack) => {
    const run = connectionsState.run;
    if (!currentControl(ctl.id) || !run || run.transport !== 'socket') return;
    if (error) {
      // No acknowledgement: the socket is not really there. Ask over HTTP instead.
      run.transport = 'rest';
      runOverRest(ctl);
      return;
    }
    if (!ack.ok) {
      settleWithFailure(ctl, ack.error.message);
      return;
    }
    run.requestId = ack.data.requestId;
    for (const replay of ctl.early.splice(0)) replay();
  });
}

function runOverRest(ctl: RunControl): void {
  findConnection(ctl.request, ctl.abort.signal).then(
    (result) => {
      if (currentControl(ctl.id) && !ctl.settled) settleWithResult(ctl, result);
    },
    (error: unknown) => {
      if (!currentControl(ctl.id) || ctl.settled || ctl.abort.signal.aborted) return;
      settleWithFailure(ctl, error instanceof ApiRequestError ? (error.serverMessage ?? SEARCH_FAILED_MESSAGE) : SEARCH_FAILED_MESSAGE);
    },
  );
}

function settleWithResult(ctl: RunControl, result: ConnectionResult): void {
  ctl.settled = true;
  const run = connectionsState.run;
  if (run) {
    run.timing.resultMs = Math.round(performance.now() - ctl.startedAt);
    run.replay = result.cached;
  }
  const found = result.found && result.path.length > 0;
  ctl.pacer.push({ kind: 'result', result }, found ? PACING.stepHoldMs : 0);
  // The heading comes with the last step: no wait after it.
  if (found) for (let i = 0; i < result.path.length; i++) ctl.pacer.push({ kind: 'step' }, i < result.path.length - 1 ? PACING.stepHoldMs : 0);
  ctl.pacer.push({ kind: 'done' }, 0);
  ctl.pacer.finishWithin(PACING.answerCapMs);
}

function settleWithFailure(ctl: RunControl, message: string): void {
  ctl.settled = true;
  ctl.pacer.push({ kind: 'failed', message }, 0);
  ctl.pacer.finishWithin(PACING.answerCapMs);
}

function applyReveal(id: number, item: Reveal): void {
  const run = connectionsState.run;
  if (!run || run.id !== id) return;
  switch (item.kind) {
    case 'layer': {
      const { progress } = item;
      if (progress.pass === 2 && !run.widened) {
        // The fallback starts again from both ends: its layers replace the first pass's.
        run.widened = true;
        run.layers = [];
      }
      const depth = run.layers.filter((layer) => layer.side === progress.side).length + 1;
      run.layers.push({ side: progress.side, depth, frontierSize: progress.frontierSize, sample: progress.sample });
      run.visited = Math.max(run.visited, progress.visited);
      run.edgesScanned = Math.max(run.edgesScanned, progress.edgesScanned);
      run.elapsedMs = Math.max(run.elapsedMs, progress.elapsedMs);
      return;
    }
    case 'result':
      run.result = item.result;
      run.revealedSteps = 0;
      run.elapsedMs = Math.max(run.elapsedMs, item.result.searchMs);
      return;
    case 'step':
      run.revealedSteps += 1;
      return;
    case 'done': {
      const result = run.result;
      if (!result) return;
      if (result.found && result.degrees !== null) {
        run.phase = 'found';
        toast({ title: 'Connection Found!', description: `Found a ${result.degrees}-degree connection...` });
      } else {
        run.phase = 'not-found';
        toast({
          title: 'No Connection Found',
          description: `Couldn't find a connection within ${plural(result.maxDegrees, 'degree')}. Try expanding your search parameters.`,
          variant: 'destructive',
        });
      }
      return;
    }
    case 'failed':
      run.phase = 'failed';
      run.error = item.message;
      toast({ title: run.failureTitle, description: item.message || SEARCH_FAILED_MESSAGE, variant: 'destructive' });
      return;
  }
}
