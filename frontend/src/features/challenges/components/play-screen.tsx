import { HINT_COST_POINTS } from '@cinema-dna/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, History, RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { Button, buttonClasses } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast';
import { challengeQueryKeys } from '../api/query-keys';
import { useServerCountdown } from '../hooks/use-server-countdown';
import { challengesState, giveUp, pickNext, refreshAttempt, startPlaying, takeHint, undoLast } from '../store';
import { CHALLENGE_COMPLETED_TITLE, CHALLENGE_FAILED_FALLBACK, CHALLENGE_FAILED_TITLE } from '../lib/attempt-texts';
import { AttemptResultView } from './attempt-result';
import { ChainBuilder } from './chain-builder';

/** What the id names, for the heading: "Daily #…" comes from the attempt; the id tells the kind. */
function kindLabel(challengeId: string): string {
  if (challengeId.startsWith('daily-')) return `Daily challenge · ${challengeId.slice('daily-'.length)}`;
  if (challengeId.startsWith('weekly-')) return `Weekly challenge · ${challengeId.slice('weekly-'.length)}`;
  return 'Challenge';
}

/**
 * The play screen of one challenge: starts (or resumes) the attempt, then the chain builder against the
 * server's clock, then the end screen with the reveal. Archive dailies play the same, without points.
 */
export function PlayScreen({ challengeId }: { challengeId: string }) {
  const { play } = useSnapshot(challengesState);
  const queryClient = useQueryClient();
  const attempt = play.challengeId === challengeId ? play.attempt : null;

  useEffect(() => {
    void startPlaying(challengeId);
  }, [challengeId]);

  // Once the attempt ends: the card, the list and the stats change; the spec's toast says how it went
  // (only when it ended here: a finished attempt opened again shows its result without a toast).
  const announced = useRef<string | null>(null);
  const seenPlaying = useRef<string | null>(null);
  const result = attempt?.result ?? null;
  useEffect(() => {
    if (attempt?.status === 'playing') seenPlaying.current = attempt.attemptId;
  }, [attempt]);
  useEffect(() => {
    if (!attempt || !result || announced.current === attempt.attemptId) return;
    announced.current = attempt.attemptId;
    void queryClient.invalidateQueries({ queryKey: challengeQueryKeys.root() });
    void queryClient.invalidateQueries({ queryKey: ['users'] });
    if (seenPlaying.current !== attempt.attemptId) return;
    // The reveal replaced the builder (and the box that had focus): focus goes to its heading.
    document.getElementById('result-heading')?.focus();
    toast(result.success ? { title: CHALLENGE_COMPLETED_TITLE, description: result.message } : { title: CHALLENGE_FAILED_TITLE, description: result.message || CHALLENGE_FAILED_FALLBACK, variant: 'destructive' });
  }, [attempt, result, queryClient]);

  const playing = attempt?.status === 'playing';
  // The deadline is the server's; when it passes, the server says how the attempt ended.
  const timeLeft = useServerCountdown(attempt ? Date.parse(attempt.endsAt) : null, play.offset, {
    running: playing,
    onEnd: () => void refreshAttempt(),
  });

  if (play.startError && play.challengeId === challengeId) {
    const missing = play.startError.status === 404;
    return (
      <div role="alert" className="mx-auto max-w-xl rounded-2xl border border-scarlet/40 bg-scarlet/5 p-6 text-center">
        <p className="font-display text-2xl font-medium text-bone-50">{missing ? 'No challenge available' : 'This challenge cannot be played now'}</p>
        <p className="mt-2 text-sm text-bone-400">{play.startError.message}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          {!missing && (
            <Button variant="secondary" onClick={() => void startPlaying(challengeId)}>
              <RotateCw aria-hidden className="size-4" />
              Try again
            </Button>
          )}
          <Link to="/challenges" className={buttonClasses('primary')}>
            Back to challenges
          </Link>
        </div>
      </div>
    );
  }

  if (!attempt) {
    return (
      <div aria-busy="true" aria-label="Starting your attempt" className="grid gap-6">
        <Skeleton className="h-24 rounded-2xl" />
        <div className="grid grid-cols-3 gap-3">
          {[0, 1, 2].map((tile) => (
            <Skeleton key={tile} className="h-20 rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }

  const archive = !attempt.rewarded && challengeId.startsWith('daily-');
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/challenges" className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeft aria-hidden className="size-4" />
          Challenges
        </Link>
        <p className="text-xs font-semibold uppercase tracking-[0.18em] text-bone-500">{kindLabel(challengeId)}</p>
      </div>
      {attempt.status !== 'playing' && attempt.result ? (
        <AttemptResultView attempt={attempt} />
      ) : (
        <ChainBuilder
          from={attempt.fromEntity}
          to={attempt.toEntity}
          par={attempt.par}
          chain={attempt.chain}
          timeLeftMs={timeLeft}
          moves={attempt.moves}
          moveLimit={attempt.moveLimit}
          pendingPick={play.pendingPick}
          busy={play.pending !== null}
          refusal={play.refusal}
          error={play.error}
          onPick={(entity) => void pickNext(entity)}
          onUndo={() => void undoLast()}
          onGiveUp={() => void giveUp()}
          hint={{ cost: HINT_COST_POINTS, rewarded: attempt.rewarded, revealed: attempt.hints, onHint: () => void takeHint(), pending: play.pending === 'hint' }}
          note={
            <>
              {archive && (
                <p className="flex items-center gap-2 rounded-xl border border-ink-700 bg-ink-850/70 px-3.5 py-2.5 text-sm text-bone-300" data-testid="archive-note">
                  <History aria-hidden className="size-4 text-amber-glow" />
                  An archive daily: play it for fun, no points are paid.
                </p>
              )}
              {attempt.theme && (
                <p className="rounded-xl border border-violet-reel/30 bg-violet-reel/5 px-3.5 py-2.5 text-sm text-bone-200">
                  Rule: every step keeps to <span className="font-medium text-violet-reel">{attempt.theme.label}</span>.
                </p>
              )}
              <p className="text-sm text-bone-400">
                Build a chain from <span className="text-bone-100">{attempt.fromEntity.name}</span> to <span className="text-bone-100">{attempt.toEntity.name}</span>, one link at a time. The server checks each pick; a wrong one costs a move.
              </p>
            </>
          }
        />
      )}
    </div>
  );
}
