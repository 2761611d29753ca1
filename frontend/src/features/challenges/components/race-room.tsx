import type { ChainStep, RaceState } from '@cinema-dna/shared-types';
import { AnimatePresence, motion, useReducedMotion } from 'framer-motion';
import { ArrowLeft, CircleCheck, Eye, RotateCcw, SearchX, Trophy, UsersRound, Ban } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot, type Snapshot } from 'valtio';
import { plural } from '../../../lib/number-format';
import { Button, buttonClasses } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { authState } from '../../auth';
import { useNow } from '../hooks/use-now';
import { useRaceRoom } from '../hooks/use-race-room';
import { chainToPath } from '../lib/chain-path';
import { countdownSeconds, formatCountdown, formatDuration } from '../lib/countdown-format';
import { ownPlayer, racePhase, rankedPlayers } from '../lib/race-state';
import { msUntil, serverTime } from '../lib/server-clock';
import { challengesState, type RaceErrorKind } from '../store';
import { ChainBuilder } from './chain-builder';
import { ChainLine } from './chain-line';
import { EntityChip } from './entity-chip';
import { RaceLobby } from './race-lobby';
import { RaceProgressBoard } from './race-progress';
import { RevealChains } from './reveal-chains';

/** The room's error states (spec §8 error shape: the server's code and message, said plainly). */
const ERROR_TITLES: Record<RaceErrorKind, string> = {
  'not-found': 'Race not found',
  full: 'This race is full',
  started: 'This race has already started',
  finished: 'This race has finished',
  'signed-out': 'Sign in to race',
  other: 'Could not join the race',
};

function RaceError({ kind, message, code }: { kind: RaceErrorKind; message: string; code: string }) {
  const canWatch = kind === 'full' || kind === 'started' || kind === 'finished';
  return (
    <div role="alert" className="mx-auto max-w-lg rounded-3xl border border-scarlet/40 bg-scarlet/5 p-7 text-center" data-testid="race-error">
      <span className="mx-auto grid size-12 place-items-center rounded-full bg-scarlet/10 ring-1 ring-inset ring-scarlet/30">
        {kind === 'not-found' ? <SearchX aria-hidden className="size-5 text-scarlet" /> : <Ban aria-hidden className="size-5 text-scarlet" />}
      </span>
      <h1 className="mt-4 font-display text-3xl font-medium text-bone-50">{ERROR_TITLES[kind]}</h1>
      {message !== ERROR_TITLES[kind] && <p className="mt-2 text-bone-300">{message}</p>}
      {kind === 'not-found' && <p className="mt-1 text-sm text-bone-500">Check the code “{code}” with whoever sent it.</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {canWatch && (
          <Link to={`?watch=1`} className={buttonClasses('secondary')}>
            <Eye aria-hidden className="size-4" />
            Watch instead
          </Link>
        )}
        <Link to="/challenges" className={buttonClasses('primary')}>
          Back to challenges
        </Link>
      </div>
    </div>
  );
}

/** The pair, as the race shows it from the countdown on. */
function RacePair({ state }: { state: Snapshot<RaceState> }) {
  if (!state.fromEntity || !state.toEntity) return null;
  return (
    <div className="grid items-center gap-3 rounded-2xl border border-ink-700 bg-ink-850/70 p-4 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:p-5">
      <EntityChip entity={state.fromEntity} label="From" />
      <span aria-hidden className="hidden h-px w-16 bg-gradient-to-r from-amber-glow/20 via-amber-glow to-amber-glow/20 sm:block" />
      <EntityChip entity={state.toEntity} label="Target" />
    </div>
  );
}

const COUNTDOWN_CLASSES = 'mt-2 font-display text-[9rem] font-medium leading-none tabular-nums text-bone-50';

function Countdown({ state, now }: { state: Snapshot<RaceState>; now: number }) {
  const reduce = useReducedMotion();
  const seconds = countdownSeconds(state.startsAt === null ? 0 : state.startsAt - now);
  return (
    <div className="grid gap-8">
      <div className="grid place-items-center py-6 text-center" role="status" aria-live="polite">
        <p className="text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">Get ready</p>
        {reduce ? (
          <p className={COUNTDOWN_CLASSES} data-testid="race-countdown">
            {seconds}
          </p>
        ) : (
          <AnimatePresence mode="popLayout">
            <motion.p key={seconds} initial={{ scale: 1.4, opacity: 0 }} animate={{ scale: 1, opacity: 1 }} exit={{ scale: 0.6, opacity: 0 }} className={COUNTDOWN_CLASSES} data-testid="race-countdown">
              {seconds}
            </motion.p>
          </AnimatePresence>
        )}
        <p className="mt-2 text-sm text-bone-400">Everyone starts on the server’s signal, at the same moment.</p>
      </div>
      <RacePair state={state} />
    </div>
  );
}

function Results({ state, meId, isHost, pending, onRematch }: { state: Snapshot<RaceState>; meId: number | undefined; isHost: boolean; pending: string | null; onRematch: () => void }) {
  const ranked = rankedPlayers(state.players as RaceState['players']);
  const winner = ranked.find((player) => player.rank === 1 && player.status === 'solved');
  // The results replace what had the focus (the chain builder, the waiting card): the focus goes to their heading.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) document.getElementById('results-title')?.focus();
  }, []);
  return (
    <div className="grid gap-6" data-testid="race-results">
      <section aria-labelledby="results-title" className="rounded-3xl border border-amber-glow/40 bg-amber-glow/5 p-5 sm:p-7">
        <div className="flex items-start gap-3">
          <Trophy aria-hidden className="mt-1 size-7 shrink-0 text-amber-glow" />
          <div>
            <h2 id="results-title" tabIndex={-1} className="font-display text-3xl font-medium tracking-tight text-bone-50">
              Race results
            </h2>
            <p className="mt-1 text-bone-300" data-testid="race-winner">
              {winner ? `${winner.displayName}${winner.userId === meId ? ' (you)' : ''} won${winner.degrees ? ` in ${plural(winner.degrees, 'degree')}` : ''}${winner.timeTaken !== null ? `, ${formatDuration(winner.timeTaken)}` : ''}.` : 'Nobody found a chain this round.'}
            </p>
          </div>
        </div>
        <ol className="mt-6 grid gap-3" aria-label="Ranking">
          {ranked.map((player, index) => (
            <li key={player.userId} className="rounded-2xl border border-ink-700 bg-ink-900/60 p-4" data-testid="race-result-row">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="w-8 font-display text-xl font-medium tabular-nums text-amber-soft">{player.rank !== null ? `#${player.rank}` : `${index + 1}.`}</span>
                {/* At least a name's width: on a phone the result wraps under the name rather than cutting it. */}
                <span className="min-w-[9rem] flex-1 truncate font-medium text-bone-50">
                  {player.displayName}
                  {player.userId === meId && <span className="font-normal text-bone-400"> (you)</span>}
                </span>
                <span className="text-sm tabular-nums text-bone-300">
                  {player.status === 'solved' ? (
                    <span className="flex items-center gap-1.5">
                      <CircleCheck aria-hidden className="size-4 text-live" />
                      {player.degrees !== null && plural(player.degrees, 'degree')}
                      {player.timeTaken !== null && ` · ${formatDuration(player.timeTaken)}`}
                    </span>
                  ) : (
                    <span className="text-bone-500">{player.status === 'gave_up' ? 'gave up' : player.status === 'timed_out' ? 'out of time' : 'no chain'} · {plural(player.links, 'link')}</span>
                  )}
                </span>
              </div>
              {player.chain && player.chain.length > 1 && (
                <div className="mt-2 pl-11">
                  <ChainLine path={chainToPath(player.chain as ChainStep[])} label={`${player.displayName}'s chain`} />
                </div>
              )}
            </li>
          ))}
        </ol>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {isHost ? (
            <Button size="lg" onClick={onRematch} disabled={pending !== null}>
              <RotateCcw aria-hidden className="size-4" />
              Rematch
            </Button>
          ) : (
            <p className="text-sm text-bone-400">The host can start a rematch with a new pair.</p>
          )}
          <Link to="/challenges" className={buttonClasses('ghost')}>
            Back to challenges
          </Link>
        </div>
      </section>
      {state.reveal && <RevealChains reveal={state.reveal} />}
    </div>
  );
}

/**
 * A race room: lobby, countdown, racing (your chain builder and everyone's progress), results with every
 * chain and the reveal, and rematch. Spectators see the same room without a chain of their own.
 */
export function RaceRoom({ code, watch = false }: { code: string; watch?: boolean }) {
  const { race } = useSnapshot(challengesState);
  const { user } = useSnapshot(authState);
  const actions = useRaceRoom(code, { watch });
  const offset = race.offset ?? 0;
  const live = race.state !== null && race.state.status !== 'lobby' && race.state.status !== 'finished';
  // A clock that stopped ticking in the lobby must not make the countdown start from a stale time.
  const localNow = Math.max(useNow(250, live), race.receivedAt);
  const now = serverTime(offset, localNow);

  let body: ReactNode;
  if (race.code === code && race.error) {
    return <RaceError kind={race.error.kind} message={race.error.message} code={code} />;
  }
  const state = race.code === code ? race.state : null;
  const meId = user?.id;
  const spectating = race.joinedAs === 'spectator' || (state !== null && ownPlayer(state as RaceState, meId) === null);
  const isHost = state !== null && meId !== undefined && state.hostId === meId;

  if (!state) {
    body = (
      <div aria-busy="true" aria-label={`Joining room ${code}`} className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-80 rounded-3xl" />
        <Skeleton className="h-56 rounded-3xl" />
      </div>
    );
  } else {
    const phase = racePhase(state as RaceState, now);
    const me = ownPlayer(state as RaceState, meId);
    if (phase === 'lobby') {
      body = <RaceLobby state={state} meId={meId} spectating={spectating} pending={race.pending} onReady={(ready) => void actions.setReady(ready)} onStart={() => void actions.start()} />;
    } else if (phase === 'countdown') {
      body = <Countdown state={state} now={now} />;
    } else if (phase === 'finished') {
      body = <Results state={state} meId={meId} isHost={isHost} pending={race.pending} onRematch={() => void actions.rematch()} />;
    } else {
      const timeLeft = state.endsAt === null ? null : msUntil(state.endsAt, offset, localNow);
      const stillRacing = me !== null && (me.status === null || me.status === 'playing');
      body = (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">
            {stillRacing && state.fromEntity && state.toEntity ? (
              <ChainBuilder
                from={state.fromEntity}
                to={state.toEntity}
                par={state.par}
                chain={race.own?.chain ?? [{ entity: state.fromEntity, via: null }]}
                timeLeftMs={timeLeft}
                moves={race.own?.moves ?? me?.moves ?? 0}
                moveLimit={null}
                pendingPick={race.pendingPick}
                busy={race.pending !== null}
                refusal={race.refusal}
                error={null}
                onPick={(entity) => void actions.move(entity)}
                onUndo={() => void actions.undo()}
                onGiveUp={() => void actions.giveUp()}
                focusWhenIdle
              />
            ) : (
              <div className="grid gap-6">
                <RacePair state={state} />
                {/* Only the line that changes once is live: the clock under it ticks every second. */}
                <div className="rounded-2xl border border-ink-700 bg-ink-850/70 p-5">
                  <p role="status" className="font-display text-2xl font-medium text-bone-50" data-testid="race-waiting">
                    {me?.status === 'solved' ? `You solved it${me.rank !== null ? `: #${me.rank}` : ''}!` : me ? 'You are out of this round.' : 'You are watching.'}
                  </p>
                  <p className="mt-1 text-sm text-bone-400">
                    {timeLeft !== null && `${formatCountdown(timeLeft)} left. `}The results show when everyone has finished or the clock runs out.
                  </p>
                  {race.own && race.own.chain.length > 1 && (
                    <div className="mt-4">
                      <ChainLine path={chainToPath(race.own.chain as ChainStep[])} label="Your chain" />
                    </div>
                  )}
                </div>
              </div>
            )}
          </div>
          <div className="grid content-start gap-4">
            <RaceProgressBoard players={state.players} par={state.par} meId={meId} />
            {state.spectators > 0 && (
              <p className="flex items-center gap-1.5 text-xs text-bone-500">
                <Eye aria-hidden className="size-3.5" /> {plural(state.spectators, 'spectator')} watching
              </p>
            )}
          </div>
        </div>
      );
    }
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/challenges" className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeft aria-hidden className="size-4" />
          Challenges
        </Link>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-semibold uppercase tracking-[0.18em] text-bone-500 [&>span]:whitespace-nowrap">
          <UsersRound aria-hidden className="size-3.5" />
          <span>
            Race room <span className="font-mono tracking-[0.2em] text-bone-300">{code}</span>
          </span>
          {state && state.round > 0 && <span>· round {state.round}</span>}
          {spectating && state && <span className="text-teal-info">· spectating</span>}
        </p>
      </div>
      {body}
    </div>
  );
}
