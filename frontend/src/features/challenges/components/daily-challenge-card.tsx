import { DAILY_COMMUNITY_GOAL, plural, type DailyChallenge } from '@cinema-dna/shared-types';
import { CalendarClock, CircleCheck, CircleX, Coins, Hourglass, RotateCw, Target, Users, Zap } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { cn } from '../../../lib/class-names';
import { formatCount } from '../../../lib/number-format';
import { Badge } from '../../../ui/badge';
import { Button, buttonClasses } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { whenSignedIn } from '../../auth';
import { useDailyChallenge } from '../api/get-daily-challenge';
import { DIFFICULTY_LABELS } from '../lib/challenge-tabs';
import { CHALLENGE_FAILED_TITLE, ENDINGS } from '../lib/attempt-texts';
import { formatTimeLeft } from '../lib/countdown-format';
import { useNow } from '../hooks/use-now';
import { CopyButton } from './copy-button';
import { EntityChip } from './entity-chip';
import { ProgressMeter } from './progress-meter';
import { RevealChains } from './reveal-chains';
import { StatTile } from './stat-tile';
import { useHydrated } from '../../../lib/use-hydrated';

/** Spec §2 texts. */
export const NO_DAILY_TITLE = 'No Challenge Available';
export const NO_DAILY_TEXT = 'Check back tomorrow for a new daily challenge!';
export const DAILY_COMPLETED_TITLE = 'Challenge Completed';

/** The play screen of a challenge. */
export const challengePlayPath = (challengeId: string) => `/challenges/play/${encodeURIComponent(challengeId)}`;

function CardFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby="daily-challenge-title" className={cn('relative overflow-hidden rounded-3xl border border-amber-glow/30 bg-ink-850/80 p-5 shadow-[0_30px_80px_-40px_rgba(242,176,74,0.45)] sm:p-7', className)} data-testid="daily-challenge-card">
      <div aria-hidden className="pointer-events-none absolute -right-24 -top-24 size-64 rounded-full bg-amber-glow/10 blur-3xl" />
      {children}
    </section>
  );
}

function Eyebrow({ daily }: { daily?: DailyChallenge }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <CalendarClock aria-hidden className="size-4 text-amber-glow" />
      <h2 id="daily-challenge-title" className="text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">
        Daily Challenge{daily ? ` #${daily.number}` : ''}
      </h2>
      {daily && <Badge tone="outline">{DIFFICULTY_LABELS[daily.difficulty]}</Badge>}
    </div>
  );
}

/**
 * Spec §2 Daily challenge card: both entities, the target (at most N degrees), the time limit in minutes,
 * the reward, the time left ticking to expiresAt, community progress against 1000 and Accept Challenge;
 * 'Challenge Completed' with the points once solved; 'No Challenge Available' without one. Polls every 60 s.
 * Once finished (solved, or the answer seen: gave up, timed out, out of moves) it shows the result, the
 * share text and the reveal, and never offers a new attempt: the daily pays once, never after its answer.
 */
export function DailyChallengeCard({ className, showAllLink = true }: { className?: string; showAllLink?: boolean }) {
  const daily = useDailyChallenge();
  if (daily.isError) {
    return (
      <CardFrame className={className}>
        <Eyebrow />
        <div role="alert" className="mt-4">
          <p className="font-medium text-bone-50">Today’s challenge could not be loaded.</p>
          <p className="mt-1 text-sm text-bone-400">{daily.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => void daily.refetch()}>
            <RotateCw aria-hidden className="size-4" />
            Try again
          </Button>
        </div>
      </CardFrame>
    );
  }
  if (daily.data === undefined) {
    return (
      <CardFrame className={className}>
        <div aria-busy="true" aria-label="Loading today’s challenge" className="grid gap-4">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-16" />
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {[0, 1, 2, 3].map((tile) => (
              <Skeleton key={tile} className="h-16" />
            ))}
          </div>
          <Skeleton className="h-10 w-48 rounded-full" />
        </div>
      </CardFrame>
    );
  }
  if (daily.data === null) {
    return (
      <CardFrame className={className}>
        <Eyebrow />
        <div className="py-6 text-center">
          <p className="font-display text-2xl font-medium text-bone-50">{NO_DAILY_TITLE}</p>
          <p className="mt-2 text-bone-400">{NO_DAILY_TEXT}</p>
        </div>
      </CardFrame>
    );
  }
  return <DailyChallengeBody daily={daily.data} className={className} showAllLink={showAllLink} onExpired={() => void daily.refetch()} />;
}

/**
 * The countdown to `expiresAt`: the only part of the card that renders every second. A page the server
 * rendered with the challenge (one copy for everyone, a while ago) shows no time until the app has taken over.
 */
function TimeLeft({ expiresAt, onExpired }: { expiresAt: string; onExpired: () => void }) {
  const hydrated = useHydrated();
  const now = useNow(1000);
  const left = Math.max(0, Date.parse(expiresAt) - now);
  const expired = left === 0;
  useEffect(() => {
    if (expired) onExpired();
  }, [expired, onExpired]);
  return <span data-testid="daily-time-left">{hydrated ? formatTimeLeft(left) : '–'}</span>;
}

function DailyChallengeBody({ daily, className, showAllLink, onExpired }: { daily: DailyChallenge; className?: string; showAllLink: boolean; onExpired: () => void }) {
  const navigate = useNavigate();

  function accept() {
    void whenSignedIn(() => navigate(challengePlayPath(daily.id)));
  }

  return (
    <CardFrame className={className}>
      <Eyebrow daily={daily} />
      <div className="mt-5 grid items-center gap-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
        <EntityChip entity={daily.fromEntity} label="From" />
        <span aria-hidden className="hidden h-px w-12 bg-gradient-to-r from-amber-glow/20 via-amber-glow to-amber-glow/20 sm:block" />
        <EntityChip entity={daily.toEntity} label="To" />
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <StatTile icon={Target} label="Target" value={`≤ ${daily.targetDegrees}`} note="degrees" />
        <StatTile icon={Hourglass} label="Time limit" value={`${daily.timeLimit} min`} />
        <StatTile icon={Coins} label="Reward" value={`${formatCount(daily.pointReward)}`} note="points" />
        <StatTile icon={Zap} label="Time left" value={<TimeLeft expiresAt={daily.expiresAt} onExpired={onExpired} />} />
      </dl>
      <div className="mt-5 grid gap-1.5">
        <div className="flex items-center justify-between text-xs text-bone-400">
          <span className="flex items-center gap-1.5">
            <Users aria-hidden className="size-3.5" />
            Community progress
          </span>
          <span className="tabular-nums" data-testid="daily-community">
            {formatCount(daily.completedBy)} / {formatCount(DAILY_COMMUNITY_GOAL)} completed
          </span>
        </div>
        <ProgressMeter value={daily.completedBy} max={DAILY_COMMUNITY_GOAL} label="Community progress" />
      </div>
      {daily.finished?.result ? (
        <FinishedDaily daily={daily} finished={daily.finished} showAllLink={showAllLink} />
      ) : (
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {daily.completedToday ? (
            <>
              <p className="flex items-center gap-2 rounded-full bg-live/10 px-4 py-2 text-sm font-medium text-live ring-1 ring-inset ring-live/30">
                <CircleCheck aria-hidden className="size-4" />
                {DAILY_COMPLETED_TITLE}
              </p>
              <p className="text-sm text-bone-300" data-testid="daily-points-earned">
                You earned <span className="font-semibold text-amber-soft">{formatCount(daily.pointsEarned ?? 0)} points</span>
              </p>
            </>
          ) : (
            <Button size="lg" onClick={accept}>
              {daily.activeAttemptId ? 'Continue Challenge' : 'Accept Challenge'}
            </Button>
          )}
          {showAllLink && (
            <Link to="/challenges" className={buttonClasses('ghost', 'sm')}>
              All challenges
            </Link>
          )}
        </div>
      )}
    </CardFrame>
  );
}

/** The finished daily: how it ended, the points, the share text and the optimal chains. No new clock. */
function FinishedDaily({ daily, finished, showAllLink }: { daily: DailyChallenge; finished: NonNullable<DailyChallenge['finished']>; showAllLink: boolean }) {
  const result = finished.result!;
  return (
    <div className="mt-6 grid gap-5" data-testid="daily-finished">
      <div className="flex flex-wrap items-center gap-3">
        {result.success ? (
          <p className="flex items-center gap-2 rounded-full bg-live/10 px-4 py-2 text-sm font-medium text-live ring-1 ring-inset ring-live/30">
            <CircleCheck aria-hidden className="size-4" />
            {DAILY_COMPLETED_TITLE}
          </p>
        ) : (
          <p className="flex items-center gap-2 rounded-full bg-scarlet/10 px-4 py-2 text-sm font-medium text-scarlet ring-1 ring-inset ring-scarlet/30">
            <CircleX aria-hidden className="size-4" />
            {CHALLENGE_FAILED_TITLE}
          </p>
        )}
        {result.success && (
          <p className="text-sm text-bone-300" data-testid="daily-points-earned">
            You earned <span className="font-semibold text-amber-soft">{plural(result.points, 'point')}</span>
          </p>
        )}
      </div>
      <p className="text-sm text-bone-300" data-testid="daily-result-message">
        {!result.success && ENDINGS[finished.status] && <span className="mr-1">{ENDINGS[finished.status]}</span>}
        {result.success ? result.message : `The answer is below; today’s daily pays no more points. Come back tomorrow for #${daily.number + 1}.`}
      </p>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs font-semibold uppercase tracking-[0.16em] text-bone-500">Share your result</p>
          <CopyButton text={result.shareText} label="Copy Text" />
        </div>
        <pre className="whitespace-pre-wrap break-words rounded-xl bg-ink-950/70 p-3.5 font-sans text-sm leading-relaxed text-bone-100 ring-1 ring-inset ring-ink-700" data-testid="daily-share-text">
          {result.shareText}
        </pre>
      </div>
      <RevealChains reveal={result.reveal} />
      <div className="flex flex-wrap items-center gap-3">
        <Link to={challengePlayPath(daily.id)} className={buttonClasses('secondary', 'sm')}>
          See your result
        </Link>
        {showAllLink && (
          <Link to="/challenges" className={buttonClasses('ghost', 'sm')}>
            All challenges
          </Link>
        )}
      </div>
    </div>
  );
}
