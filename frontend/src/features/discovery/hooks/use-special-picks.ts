import { DISCOVERY_TEXTS, plural, POPULAR_SOCIAL_DAYS, type DiscoveryFriend, type MovieCard, type PopularSocial } from '@cinema-dna/shared-types';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../ui/toast';
import { getMoodSelector } from '../api/get-mood-selector';
import { getPopularSocial } from '../api/get-popular-social';
import { getSurprise } from '../api/get-surprise';
import { trendingMoviesQuery } from '../api/get-trending-movies';
import { namesList, pickMood, pickRandom } from '../lib/special-picks';

export type SpecialPickKind = 'surprise' | 'mood' | 'friends';
/** A film of Popular with Friends, with who logged or listed it. */
export type FriendsMovie = PopularSocial['movies'][number];

/** What the dismissible panel shows: a title, a description and a grid of films (spec §2). */
export type SpecialPick =
  | { kind: 'surprise' | 'mood'; eyebrow: string; title: string; description: string; movies: MovieCard[] }
  | { kind: 'friends'; eyebrow: string; title: string; description: string; movies: FriendsMovie[]; friendsWatching: DiscoveryFriend[] };

/** The panel's own words (the spec gives the buttons, the fallback description and the toasts). */
export const SURPRISE_TITLE = 'Your Surprise Pick';

function friendsDescription(friends: DiscoveryFriend[]): string {
  if (friends.length === 0) return `Nobody you follow has logged or listed a film in the last ${plural(POPULAR_SOCIAL_DAYS, 'day')}.`;
  return `What ${namesList(friends.map((friend) => friend.displayName))} logged or listed in the last ${plural(POPULAR_SOCIAL_DAYS, 'day')}.`;
}

/**
 * Surprise Me, Based on Mood and Popular with Friends (spec §2, §4, §8): each click asks the server;
 * a success sets the panel, a failure falls back or says so in the spec's toast and leaves the panel
 * as it was. `dismiss` clears the panel.
 */
export function useSpecialPicks() {
  const queryClient = useQueryClient();
  const [pick, setPick] = useState<SpecialPick | null>(null);
  const [pending, setPending] = useState<SpecialPickKind | null>(null);

  async function run(kind: SpecialPickKind, load: () => Promise<SpecialPick | null>) {
    setPending(kind);
    try {
      const result = await load();
      if (result) setPick(result);
    } finally {
      setPending(null);
    }
  }

  /** Spec §8: the server's pick; failing that a random trending film; failing that, a destructive toast. */
  const surprise = () =>
    run('surprise', async () => {
      const base = { kind: 'surprise', eyebrow: DISCOVERY_TEXTS.surpriseMe, title: SURPRISE_TITLE } as const;
      try {
        const { movie, reason } = await getSurprise();
        return { ...base, description: reason, movies: [movie] };
      } catch {
        const trending = await queryClient.fetchQuery(trendingMoviesQuery()).catch(() => null);
        const movie = trending ? pickRandom(trending.movies) : undefined;
        if (movie) return { ...base, description: DISCOVERY_TEXTS.surpriseFallback, movies: [movie] };
        toast({ title: DISCOVERY_TEXTS.noMoviesTitle, description: DISCOVERY_TEXTS.noMoviesDescription, variant: 'destructive' });
        return null;
      }
    });

  /** Spec §7: a mood picked at random from the server's map, shown with its name and description. */
  const mood = () =>
    run('mood', async () => {
      const picked = await getMoodSelector()
        .then((selector) => pickMood(selector))
        .catch(() => null);
      if (!picked) {
        toast({ title: DISCOVERY_TEXTS.moodFailedTitle, description: DISCOVERY_TEXTS.moodFailedDescription, variant: 'info' });
        return null;
      }
      return { kind: 'mood', eyebrow: DISCOVERY_TEXTS.basedOnMood, title: picked.name, description: picked.description, movies: picked.movies };
    });

  /** What the people you follow watch; any failure (401 when signed out included) is the spec's info toast. */
  const friends = () =>
    run('friends', async () => {
      const social = await getPopularSocial().catch(() => null);
      if (!social) {
        toast({ title: DISCOVERY_TEXTS.friendsFailedTitle, description: DISCOVERY_TEXTS.friendsFailedDescription, variant: 'info' });
        return null;
      }
      return {
        kind: 'friends',
        eyebrow: 'People you follow',
        title: DISCOVERY_TEXTS.popularWithFriends,
        description: friendsDescription(social.friendsWatching),
        movies: social.movies,
        friendsWatching: social.friendsWatching,
      };
    });

  return { pick, pending, surprise, mood, friends, dismiss: () => setPick(null) };
}
