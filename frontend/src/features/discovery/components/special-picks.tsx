import { DISCOVERY_LIST_LIMIT, DISCOVERY_TEXTS } from '@cinema-dna/shared-types';
import { AnimatePresence, m } from 'framer-motion';
import { Dices, Smile, Users, X, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { plural } from '../../../lib/number-format';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { useSpecialPicks, type FriendsMovie, type SpecialPick, type SpecialPickKind } from '../hooks/use-special-picks';
import { namesList } from '../lib/special-picks';
import { MovieList } from './card-grid';
import { CardNote } from './movie-card';
import { MotionFeatures } from '../../../ui/motion-features';

const BUTTONS: { kind: SpecialPickKind; label: string; icon: LucideIcon }[] = [
  { kind: 'surprise', label: DISCOVERY_TEXTS.surpriseMe, icon: Dices },
  { kind: 'mood', label: DISCOVERY_TEXTS.basedOnMood, icon: Smile },
  { kind: 'friends', label: DISCOVERY_TEXTS.popularWithFriends, icon: Users },
];

/** Who logged or listed a film of Popular with Friends. */
function friendsNote(movie: FriendsMovie): string {
  const who = namesList(movie.friends.map((friend) => friend.displayName));
  const counts = [movie.logs > 0 && plural(movie.logs, 'log'), movie.watchlists > 0 && plural(movie.watchlists, 'watchlist')].filter(Boolean).join(', ');
  return [who, counts].filter(Boolean).join(' · ');
}

/** The dismissible result: title, description and the films; it takes focus so it is announced. */
function PickPanel({ pick, onClose }: { pick: SpecialPick; onClose: () => void }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const common = { label: pick.title, onRetry: () => undefined, skeletons: 0 } as const;
  return (
    <m.div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby={titleId}
      data-testid="special-pick"
      initial={{ opacity: 0, y: 12 }}
      animate={{ opacity: 1, y: 0 }}
      exit={{ opacity: 0, y: -8 }}
      transition={{ duration: 0.22, ease: 'easeOut' }}
      className="relative mt-6 rounded-2xl border border-amber-glow/25 bg-ink-900/70 p-4 outline-none sm:p-6"
    >
      <Button variant="ghost" size="icon" aria-label="Close" onClick={onClose} className="absolute right-3 top-3 size-9">
        <X aria-hidden className="size-4" />
      </Button>
      <p className="pr-10 text-xs font-semibold uppercase tracking-[0.2em] text-amber-glow">{pick.eyebrow}</p>
      <h3 id={titleId} className="mt-1.5 pr-10 font-display text-2xl font-medium tracking-tight text-bone-50">
        {pick.title}
      </h3>
      {pick.description && (
        <p className="mt-1.5 max-w-2xl text-sm leading-relaxed text-bone-400" data-testid="special-pick-description">
          {pick.description}
        </p>
      )}
      <div className="mt-6">
        {pick.kind === 'friends' ? (
          pick.movies.length > 0 && (
            <MovieList {...common} layout="wide" view={{ status: 'success', items: pick.movies, source: 'own' }} empty={null} note={(movie) => <CardNote icon={Users}>{friendsNote(movie)}</CardNote>} />
          )
        ) : pick.kind === 'surprise' ? (
          <MovieList {...common} layout="wide" grid="single" view={{ status: 'success', items: pick.movies, source: 'own' }} empty={null} />
        ) : (
          <MovieList {...common} view={{ status: 'success', items: pick.movies.slice(0, DISCOVERY_LIST_LIMIT), source: 'own' }} empty="No films for this mood yet." />
        )}
      </div>
    </m.div>
  );
}

/**
 * "Can't decide what to watch?" (spec §2): Surprise Me, Based on Mood and Popular with Friends,
 * and the panel their answer shows in.
 */
function SpecialPicksView() {
  const { pick, pending, dismiss, ...actions } = useSpecialPicks();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-[1.75rem] border border-ink-700 bg-[radial-gradient(120%_140%_at_0%_0%,rgba(242,176,74,0.09),transparent_55%)] bg-ink-850/60 p-4 sm:p-7">
      <div className="flex flex-col gap-5 lg:flex-row lg:items-center lg:justify-between">
        <div>
          <h2 id={headingId} className="font-display text-2xl font-medium tracking-tight text-bone-50">
            {DISCOVERY_TEXTS.undecided}
          </h2>
          <p className="mt-1 text-sm text-bone-400">Let chance, your mood or the people you follow choose tonight’s film.</p>
        </div>
        <div className="grid gap-2 sm:flex sm:flex-wrap lg:justify-end">
          {BUTTONS.map(({ kind, label, icon: Icon }, index) => (
            // The button at work stays enabled (a disabled button drops the keyboard focus) but ignores clicks.
            <Button
              key={kind}
              variant={index === 0 ? 'primary' : 'secondary'}
              onClick={() => pending === null && void actions[kind]()}
              disabled={pending !== null && pending !== kind}
              aria-disabled={pending === kind}
              aria-busy={pending === kind}
            >
              {pending === kind ? <Spinner className="size-4" label={`${label}: loading`} /> : <Icon aria-hidden className="size-4" />}
              {label}
            </Button>
          ))}
        </div>
      </div>
      <AnimatePresence mode="wait">{pick && <PickPanel key={`${pick.kind}:${pick.title}:${pick.movies[0]?.key ?? ''}`} pick={pick} onClose={dismiss} />}</AnimatePresence>
    </section>
  );
}

export function SpecialPicks() {
  return (
    <MotionFeatures>
      <SpecialPicksView />
    </MotionFeatures>
  );
}
