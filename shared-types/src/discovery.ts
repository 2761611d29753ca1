import { z } from 'zod';
import { EntityTypeSchema, RelationshipSchema } from './entities.js';

/**
 * Discovery (spec §2 Discovery page, §3 movie card / person card / recommendation, §7 discovery
 * calls, §8 discovery fallbacks and texts, §9 discovery limits): lists of films and people built
 * from the loaded graph, the entity details and the community's own activity.
 *
 * Rules:
 * - Trending is recomputed every hour (TRENDING_RECOMPUTE_MS) from the product's activity (searches and
 *   paths through a film, entity page views, diary logs, watchlist adds) blended with the source's
 *   popularity; `updatedAt` says when the list was computed.
 * - Highest Rated orders films by a weighted rating (IMDb's Bayesian average):
 *   WR = v / (v + m) · R + m / (v + m) · C, where R is the film's mean rating (0–10), v its number of
 *   votes, C the mean rating over the catalog and m the minimum votes (see TopRatedSchema), so 3 votes
 *   never beat 3,000.
 * - Recent and Coming Soon are relative to the data's own "today": the earlier of today and the latest
 *   release date of a film that has votes (a dataset frozen in 2017 still has recent releases).
 * - A list without data of its own falls back, on the page, to a slice of the trending list (spec §2).
 * - Recommendations never include a film the user logged, rated, reviewed or listed; each names the
 *   real link it rests on.
 */

/** Spec §9: cards per list, recommendations, popular people, genres per card, known-for titles. */
export const DISCOVERY_LIST_LIMIT = 12;
export const DISCOVERY_LIST_MAX = 50;
export const RECOMMENDATION_LIMIT = 6;
export const POPULAR_PEOPLE_LIMIT = 6;
export const CARD_GENRES = 2;
export const KNOWN_FOR_TITLES = 2;
/** Trending is recomputed this often (the page's 'Updated hourly'). */
export const TRENDING_RECOMPUTE_MS = 60 * 60_000;
/** Popular with Friends looks this far back. */
export const POPULAR_SOCIAL_DAYS = 30;

/** Spec §8: the discovery fallbacks' toasts and the page's texts. */
export const DISCOVERY_TEXTS = {
  heading: 'Discover Your Next Favorite Film',
  recommended: 'Recommended For You',
  trending: 'Trending Movies',
  updatedHourly: 'Updated hourly',
  popularPeople: 'Popular People',
  highestRated: 'Highest Rated',
  recent: 'Recent Releases',
  upcoming: 'Coming Soon',
  awards: 'Award Winners',
  undecided: "Can't decide what to watch?",
  surpriseMe: 'Surprise Me',
  basedOnMood: 'Based on Mood',
  popularWithFriends: 'Popular with Friends',
  surpriseFallback: 'A random movie from trending selections',
  noMoviesTitle: 'No movies available',
  noMoviesDescription: 'Unable to get movie data at the moment',
  moodFailedTitle: 'Mood Selector',
  moodFailedDescription: 'This feature will help you find movies based on your current mood',
  friendsFailedTitle: 'Social Recommendations',
  friendsFailedDescription: "This feature will show what's popular with your friends",
} as const;

const Genre = z.object({ id: z.string(), name: z.string() });

/** Spec §3 movie card. `id` is the movie's id in the catalog, `key` its entity key (`movie:<id>`) for links. */
export const MovieCardSchema = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  posterPath: z.string().nullable(),
  /** The source's mean rating (0–10); null when the source has none. */
  voteAverage: z.number().nullable(),
  voteCount: z.number().int().nonnegative().nullable(),
  /** The source's popularity (comparable within one source only). */
  popularity: z.number(),
  /** YYYY-MM-DD, or null when only the year is known. */
  releaseDate: z.string().nullable(),
  year: z.number().int().nullable(),
  /** Every genre linked in the graph, most popular first; the card shows CARD_GENRES of them. */
  genres: z.array(Genre),
  overview: z.string().nullable(),
});
export type MovieCard = z.infer<typeof MovieCardSchema>;

/** Spec §3 person card. */
export const PersonCardSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  profilePath: z.string().nullable(),
  /** 'Acting', 'Directing', ... from the source, else from the person's credits. */
  knownForDepartment: z.string().nullable(),
  /** Their most popular films, most popular first (KNOWN_FOR_TITLES shown). */
  knownFor: z.array(z.object({ id: z.string(), key: z.string(), title: z.string(), releaseDate: z.string().nullable(), year: z.number().int().nullable() })),
});
export type PersonCard = z.infer<typeof PersonCardSchema>;

/** ?limit= of every list (default DISCOVERY_LIST_LIMIT). */
export const DiscoveryListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(DISCOVERY_LIST_MAX).default(DISCOVERY_LIST_LIMIT),
});

export const TRENDING_WINDOWS = ['day', 'week'] as const;
export const TrendingWindowSchema = z.enum(TRENDING_WINDOWS);
export type TrendingWindow = z.infer<typeof TrendingWindowSchema>;

/** GET /api/movies/trending query (spec §7 docs: limit, timeWindow day or week; default week). */
export const TrendingQuerySchema = DiscoveryListQuerySchema.extend({ timeWindow: TrendingWindowSchema.default('week') });

/** GET /api/movies/trending. */
export const TrendingMoviesSchema = z.object({
  movies: z.array(MovieCardSchema),
  timeWindow: TrendingWindowSchema,
  /** When the list was computed (ISO); null before the first computation. */
  updatedAt: z.string().nullable(),
  /** When it is computed next (ISO). */
  nextUpdateAt: z.string().nullable(),
});
export type TrendingMovies = z.infer<typeof TrendingMoviesSchema>;

/** A plain list of movie cards (recent, upcoming). `referenceDate` is the data's "today" (YYYY-MM-DD). */
export const DatedMovieListSchema = z.object({ movies: z.array(MovieCardSchema), referenceDate: z.string().nullable() });
export type DatedMovieList = z.infer<typeof DatedMovieListSchema>;

/** GET /api/movies/top-rated: the weighted rating's inputs are part of the answer. */
export const TopRatedSchema = z.object({
  movies: z.array(MovieCardSchema.extend({ weightedRating: z.number() })),
  /** C: the mean rating over rated films. */
  meanRating: z.number().nullable(),
  /** m: the minimum votes (the 80th percentile of vote counts). */
  minimumVotes: z.number().nullable(),
  formula: z.string(),
});
export type TopRated = z.infer<typeof TopRatedSchema>;

/** GET /api/people/popular. */
export const PopularPeopleSchema = z.object({ people: z.array(PersonCardSchema) });
export type PopularPeople = z.infer<typeof PopularPeopleSchema>;

/** An award a film won (an award link of the graph). */
export const AwardWinSchema = z.object({ key: z.string(), name: z.string(), label: z.string().nullable() });

/** GET /api/movies/award-winners: most wins first. */
export const AwardWinnersSchema = z.object({ movies: z.array(MovieCardSchema.extend({ awards: z.array(AwardWinSchema) })) });
export type AwardWinners = z.infer<typeof AwardWinnersSchema>;

/** GET /api/movies/surprise (spec §7: one movie), with why it was picked. */
export const SurpriseSchema = z.object({ movie: MovieCardSchema, reason: z.string() });
export type Surprise = z.infer<typeof SurpriseSchema>;

/**
 * One mood: a documented mix of genres and keywords. A film fits it when it has one of its genres or
 * keywords and none of its excluded genres or keywords.
 */
export const MoodSchema = z.object({
  name: z.string(),
  description: z.string(),
  genres: z.array(z.string()),
  keywords: z.array(z.string()),
  /** Genres that keep a film out of the mood (a Feel-Good comedy is never a horror film). */
  excludedGenres: z.array(z.string()).optional(),
  /** A film with one of these keywords never fits, whatever else it has (Feel-Good: nothing grim). */
  excludedKeywords: z.array(z.string()).optional(),
});
export type Mood = z.infer<typeof MoodSchema>;

/** GET /api/movies/mood-selector (spec §7: a map of mood name to movie list; the client picks a mood at random). */
export const MoodSelectorSchema = z.object({
  moods: z.record(z.string(), z.array(MovieCardSchema)),
  /** What each mood mixes, by mood name. */
  about: z.record(z.string(), MoodSchema),
});
export type MoodSelector = z.infer<typeof MoodSelectorSchema>;

const FriendSchema = z.object({ id: z.number().int(), username: z.string(), displayName: z.string() });
export type DiscoveryFriend = z.infer<typeof FriendSchema>;

/** GET /api/movies/popular-social (spec §7: movies and friendsWatching). */
export const PopularSocialSchema = z.object({
  movies: z.array(
    MovieCardSchema.extend({
      /** The people you follow who logged or listed it in the window. */
      friends: z.array(FriendSchema),
      logs: z.number().int().nonnegative(),
      watchlists: z.number().int().nonnegative(),
    }),
  ),
  /** Everyone you follow who logged or listed a film in the window. */
  friendsWatching: z.array(FriendSchema),
});
export type PopularSocial = z.infer<typeof PopularSocialSchema>;

/** What a recommendation rests on: a film of the user's and the link both films share. */
export const RecommendationBasisSchema = z.object({
  seed: z.object({ id: z.string(), key: z.string(), title: z.string() }),
  /** The shared neighbour (a director, an actor, a collection, a keyword...). */
  via: z.object({ key: z.string(), name: z.string(), type: EntityTypeSchema }),
  /** How the recommended film is linked to `via`. */
  relationship: RelationshipSchema,
});
export type RecommendationBasis = z.infer<typeof RecommendationBasisSchema>;

/** Spec §3: a movie plus its reason ("Because you liked Heat — also directed by Michael Mann"). */
export const RecommendationSchema = z.object({
  movie: MovieCardSchema,
  reason: z.string(),
  /** Null for a cold-start pick (popular in a genre you looked at, or overall). */
  basis: RecommendationBasisSchema.nullable(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;

/** GET /api/recommendations (signed in). */
export const RecommendationsSchema = z.object({
  recommendations: z.array(RecommendationSchema),
  /** True when the user has no history yet: the picks are popular films, not walks from their films. */
  coldStart: z.boolean(),
});
export type Recommendations = z.infer<typeof RecommendationsSchema>;
