import { DISCOVERY_LIST_LIMIT, DISCOVERY_TEXTS, POPULAR_PEOPLE_LIMIT } from '@cinema-dna/shared-types';
import { Award, CalendarClock, Clapperboard, Flame, Star, Trophy, Users } from 'lucide-react';
import { Badge } from '../../../ui/badge';
import { useAwardWinners } from '../api/get-award-winners';
import { useDatedMovies, type DatedListKind } from '../api/get-dated-movies';
import { usePopularPeople } from '../api/get-popular-people';
import { useTopRated } from '../api/get-top-rated';
import { useTrendingMovies } from '../api/get-trending-movies';
import { useFallbackList } from '../hooks/use-fallback-list';
import { useHydrated } from '../../../lib/use-hydrated';
import { updatedAtText } from '../lib/card-format';
import { listOf } from '../lib/list-fallback';
import { MovieList, PersonList } from './card-grid';
import { DiscoverySection } from './discovery-section';
import { CardNote } from './movie-card';

/** 'Updated hourly', and when the list was last computed. */
function TrendingUpdated({ updatedAt }: { updatedAt: string | null | undefined }) {
  // The reader's own clock and time zone: not in the server's first paint, which has neither.
  const hydrated = useHydrated();
  const at = hydrated ? updatedAtText(updatedAt ?? null) : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone="amber">{DISCOVERY_TEXTS.updatedHourly}</Badge>
      {at && updatedAt && (
        <span className="text-xs text-bone-500" data-testid="trending-updated-at">
          Last updated <time dateTime={updatedAt}>{at}</time>
        </span>
      )}
    </div>
  );
}

/** Trending tab: 'Trending Movies' (12, 'Updated hourly') and Popular People (6). */
export function TrendingPanel() {
  const trending = useTrendingMovies();
  const people = usePopularPeople();
  return (
    <div className="grid gap-16">
      <DiscoverySection title={DISCOVERY_TEXTS.trending} icon={Flame} aside={<TrendingUpdated updatedAt={trending.data?.updatedAt} />}>
        <MovieList
          label={DISCOVERY_TEXTS.trending}
          view={listOf({ data: trending.data?.movies, isError: trending.isError, error: trending.error }, DISCOVERY_LIST_LIMIT)}
          onRetry={() => void trending.refetch()}
          empty="No trending movies yet: they show once the catalog has films."
          skeletons={DISCOVERY_LIST_LIMIT}
        />
      </DiscoverySection>
      <DiscoverySection title={DISCOVERY_TEXTS.popularPeople} icon={Users}>
        <PersonList
          label={DISCOVERY_TEXTS.popularPeople}
          view={listOf(people, POPULAR_PEOPLE_LIMIT)}
          onRetry={() => void people.refetch()}
          empty="No popular people yet."
          skeletons={POPULAR_PEOPLE_LIMIT}
        />
      </DiscoverySection>
    </div>
  );
}

/** Popular tab: Highest Rated by weighted rating; the first 12 of trending while it has none. */
export function PopularPanel() {
  const topRated = useTopRated();
  const { view, retry } = useFallbackList({ data: topRated.data?.movies, isError: topRated.isError, error: topRated.error, refetch: topRated.refetch });
  const ranked = view.status === 'success' && view.source === 'own' && view.items.length > 0;
  return (
    <DiscoverySection
      title={DISCOVERY_TEXTS.highestRated}
      icon={Star}
      aside={ranked && <span className="text-xs text-bone-500" title={topRated.data?.formula}>Ranked by weighted rating, so a handful of votes never outranks thousands</span>}
    >
      <MovieList label={DISCOVERY_TEXTS.highestRated} view={view} onRetry={retry} empty="No rated films yet." skeletons={DISCOVERY_LIST_LIMIT} />
    </DiscoverySection>
  );
}

function DatedList({ kind }: { kind: DatedListKind }) {
  const own = useDatedMovies(kind);
  // Side by side, the two never stand in with the same trending films: Coming Soon takes the next twelve.
  const { view, retry } = useFallbackList({ data: own.data?.movies, isError: own.isError, error: own.error, refetch: own.refetch }, { offset: kind === 'upcoming' ? DISCOVERY_LIST_LIMIT : 0 });
  const title = kind === 'recent' ? DISCOVERY_TEXTS.recent : DISCOVERY_TEXTS.upcoming;
  return (
    <DiscoverySection title={title} icon={kind === 'recent' ? Clapperboard : CalendarClock}>
      <MovieList label={title} view={view} onRetry={retry} empty="No films to show yet." skeletons={DISCOVERY_LIST_LIMIT} showReleaseDay={kind === 'upcoming'} />
    </DiscoverySection>
  );
}

/** Recent tab: 'Recent Releases' and 'Coming Soon', each falling back to its slice of trending. */
export function RecentPanel() {
  return (
    <div className="grid gap-16">
      <DatedList kind="recent" />
      <DatedList kind="upcoming" />
    </div>
  );
}

/** "Best Picture · Academy Awards", or the award's name, and how many more. */
function awardsText(awards: { name: string; label: string | null }[]): string | null {
  const first = awards[0];
  if (!first) return null;
  const name = first.label ? `${first.label} · ${first.name}` : first.name;
  return awards.length > 1 ? `${name} +${awards.length - 1} more` : name;
}

/** Awards tab: 'Award Winners', most wins first; the trending list while there are none. */
export function AwardsPanel() {
  const winners = useAwardWinners();
  const { view, retry } = useFallbackList({ data: winners.data?.movies, isError: winners.isError, error: winners.error, refetch: winners.refetch });
  return (
    <DiscoverySection title={DISCOVERY_TEXTS.awards} icon={Trophy}>
      <MovieList
        label={DISCOVERY_TEXTS.awards}
        view={view}
        onRetry={retry}
        empty="No award winners yet."
        skeletons={DISCOVERY_LIST_LIMIT}
        note={(movie) => {
          const text = 'awards' in movie ? awardsText(movie.awards) : null;
          return text && <CardNote icon={Award}>{text}</CardNote>;
        }}
      />
    </DiscoverySection>
  );
}
