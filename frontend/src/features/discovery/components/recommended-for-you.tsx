import { DISCOVERY_TEXTS, RECOMMENDATION_LIMIT, type MovieCard } from '@cinema-dna/shared-types';
import { Sparkles } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { authState } from '../../auth';
import { useRecommendations } from '../api/get-recommendations';
import { MovieList } from './card-grid';
import { DiscoverySection } from './discovery-section';
import { CardNote } from './movie-card';

/**
 * 'Recommended For You' (spec §2): signed-in users with recommendations see up to 6 cards, each
 * with its reason. Nobody else sees the section: not a guest, not a user the server has nothing for,
 * and not when the recommendations cannot be read (the rest of the page stands on its own).
 */
export function RecommendedForYou() {
  const { user } = useSnapshot(authState);
  const recommendations = useRecommendations();
  if (!user || recommendations.isError) return null;
  const items = recommendations.data?.recommendations.slice(0, RECOMMENDATION_LIMIT);
  if (items?.length === 0) return null;
  const reasons = new Map(items?.map((item) => [item.movie.key, item.reason]));
  return (
    <DiscoverySection title={DISCOVERY_TEXTS.recommended} icon={Sparkles} className="mt-14">
      <MovieList<MovieCard>
        label={DISCOVERY_TEXTS.recommended}
        layout="wide"
        view={items ? { status: 'success', items: items.map((item) => item.movie), source: 'own' } : { status: 'pending' }}
        onRetry={() => void recommendations.refetch()}
        empty={null}
        skeletons={RECOMMENDATION_LIMIT}
        note={(movie) => (
          <CardNote icon={Sparkles} testId="recommendation-reason">
            {reasons.get(movie.key)}
          </CardNote>
        )}
      />
    </DiscoverySection>
  );
}
