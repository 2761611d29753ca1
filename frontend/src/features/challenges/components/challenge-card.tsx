import { plural } from '@cinema-dna/shared-types';
import type { Challenge, ChallengeDifficulty } from '@cinema-dna/shared-types';
import { ArrowRight, CircleCheck, CircleX, Coins, Hourglass, Target, Users } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { cn } from '../../../lib/class-names';
import { formatCount } from '../../../lib/number-format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { CHALLENGE_TYPE_LABELS, DIFFICULTY_LABELS, FINISHED_LABELS, challengeActionLabel } from '../lib/challenge-tabs';
import { formatDuration, formatTimeLimit } from '../lib/countdown-format';
import { challengePlayPath } from './daily-challenge-card';

const DIFFICULTY_TONES: Record<ChallengeDifficulty, string> = {
  easy: 'text-live ring-live/30',
  medium: 'text-teal-info ring-teal-info/30',
  hard: 'text-amber-soft ring-amber-glow/30',
  expert: 'text-scarlet ring-scarlet/30',
};

const best = (time: number | null, degrees: number | null) =>
  time === null && degrees === null ? null : [time !== null && formatDuration(time), degrees !== null && `${degrees}°`].filter(Boolean).join(' · ');

/**
 * One challenge of the list (spec §3): type, difficulty, reward, the pair, participants, completion
 * rate, the best time and degrees, the user's best, and 'Start Challenge' / 'Solving' / 'See Result'
 * (finished: solved, or the answer seen; it pays no more points and opens the finished attempt).
 */
export function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const navigate = useNavigate();
  const action = challengeActionLabel(challenge);
  const bestOverall = best(challenge.bestTime, challenge.bestDegrees);
  const userBest = best(challenge.userBestTime, challenge.userBestDegrees);
  const finished = challenge.activeAttemptId ? null : challenge.finishedStatus;
  return (
    <article
      aria-labelledby={`challenge-${challenge.id}`}
      className={cn('flex flex-col rounded-2xl border bg-ink-850/70 p-5 transition-colors', challenge.isCompleted ? 'border-live/30' : 'border-ink-700 hover:border-ink-500')}
      data-testid="challenge-card"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone="amber">{CHALLENGE_TYPE_LABELS[challenge.type]}</Badge>
        <Badge tone="outline" className={DIFFICULTY_TONES[challenge.difficulty]}>
          {DIFFICULTY_LABELS[challenge.difficulty]}
        </Badge>
        {finished === 'solved' || (!finished && challenge.isCompleted) ? (
          <Badge tone="outline" className="text-live ring-live/30">
            <CircleCheck aria-hidden className="size-3" />
            Completed
          </Badge>
        ) : (
          finished && (
            <Badge tone="outline" className="text-scarlet ring-scarlet/30" data-testid="challenge-finished">
              <CircleX aria-hidden className="size-3" />
              {FINISHED_LABELS[finished]}
            </Badge>
          )
        )}
        <span className="ml-auto flex items-center gap-1 text-sm font-medium tabular-nums text-amber-soft">
          <Coins aria-hidden className="size-3.5" />
          {formatCount(challenge.pointReward)} pts
        </span>
      </div>
      <h3 id={`challenge-${challenge.id}`} className="mt-3 font-display text-xl font-medium leading-snug text-bone-50">
        {challenge.title}
      </h3>
      <p className="mt-1 line-clamp-2 text-sm text-bone-400">{challenge.description}</p>
      <p className="mt-3 flex flex-wrap items-center gap-x-1.5 text-sm text-bone-200">
        <span className="font-medium">{challenge.fromEntity.name}</span>
        <ArrowRight aria-hidden className="size-3.5 text-amber-glow" />
        <span className="font-medium">{challenge.toEntity.name}</span>
      </p>
      {challenge.theme && <p className="mt-1 text-xs text-violet-reel">Rule: {challenge.theme.label}</p>}
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-xs">
        <Fact icon={Target} label="Target" value={`≤ ${plural(challenge.targetDegrees, 'degree')}`} />
        <Fact icon={Hourglass} label="Time limit" value={formatTimeLimit(challenge.timeLimit)} />
        <Fact icon={Users} label="Participants" value={formatCount(challenge.participants)} />
        <Fact label="Completion" value={`${challenge.completionRate}%`} />
        <Fact label="Best" value={bestOverall ?? 'no solves yet'} />
        <Fact label="Your best" value={userBest ?? '—'} />
      </dl>
      <div className="mt-auto pt-5">
        <Button
          variant={finished ? 'secondary' : 'primary'}
          className="w-full"
          onClick={() => navigate(challengePlayPath(challenge.id))}
          aria-label={`${action}: ${challenge.title}`}
        >
          {action === 'Solving' && <Spinner className="size-4 border-ink-950/30 border-t-ink-950" label="Attempt in progress" />}
          {action}
        </Button>
      </div>
    </article>
  );
}

function Fact({ icon: Icon, label, value }: { icon?: typeof Target; label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1 uppercase tracking-[0.12em] text-bone-500">
        {Icon && <Icon aria-hidden className="size-3" />}
        {label}
      </dt>
      <dd className="mt-0.5 truncate tabular-nums text-bone-200">{value}</dd>
    </div>
  );
}
