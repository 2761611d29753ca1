import { ENTITY_TYPES, LEVELS, type Badge, type EntityType } from '@cinema-dna/shared-types';

/**
 * What a badge counts. Each counter is kept per user by the subscribers (subscribers.ts) from the
 * events that move it; a badge is earned when its counter reaches its requirement.
 */
export const BADGE_COUNTERS = [
  /** Discoveries the ledger paid (a pair new to the user, within the daily cap): `points.awarded`. */
  'discoveries',
  /** Of those, the ones of exactly 6 degrees. */
  'six-degree-discoveries',
  /** Of those, the ones with an end of each entity type (`discoveries:genre`...). */
  ...ENTITY_TYPES.map((type) => `discoveries:${type}` as const),
  /** Distinct pairs saved (unordered: A → B and B → A are one pair; saving a pair again counts nothing): `connection.saved`. */
  'saved-connections',
  /** Consecutive UTC days signed in (registration day included), the current run: `user.signed_in`, `user.registered`. */
  'login-streak',
  /** Entities reviewed (distinct) with a review of substance (a rating and 40 characters): `review.created`. */
  'reviews',
  /** Movies put on the watchlist (distinct): `watchlist.added`. */
  'watchlist',
  /** The most followers the user has had: `user.followed` (its followersCount). */
  'followers',
  /** People the user followed (distinct): `user.followed`. */
  'following',
  /** Daily challenges solved for points (distinct days): `challenge.solved` with `daily` and points. */
  'daily-challenges',
  /** Challenges solved within their par for points (distinct challenges): `challenge.solved` with points. */
  'par-solves',
  /** The highest balance reached: `points.awarded`. */
  'points',
] as const;
export type BadgeCounter = (typeof BADGE_COUNTERS)[number];

type Unit = Badge['unit'];
const unit = (one: string, other = `${one}s`): Unit => ({ one, other });
const CONNECTIONS = unit('connection');

/** What each counter counts, in words: a badge's requirement and progress are in its counter's unit. */
export const COUNTER_UNITS: Record<BadgeCounter, Unit> = {
  discoveries: CONNECTIONS,
  'six-degree-discoveries': CONNECTIONS,
  ...(Object.fromEntries(ENTITY_TYPES.map((type) => [`discoveries:${type}`, CONNECTIONS])) as Record<`discoveries:${EntityType}`, Unit>),
  'saved-connections': unit('pair'),
  'login-streak': unit('day'),
  reviews: unit('review'),
  watchlist: unit('movie'),
  followers: unit('follower'),
  following: unit('person', 'people'),
  'daily-challenges': unit('daily', 'dailies'),
  'par-solves': unit('solve'),
  points: unit('point'),
};

/** The badge of reaching a level: earned at, and counted towards, the level's threshold in points. */
function levelBadge(level: number, badge: Pick<Badge, 'id' | 'icon' | 'isRare' | 'pointsReward'>): BadgeDefinition {
  const found = LEVELS.find((each) => each.level === level);
  if (!found) throw new Error(`no level ${level}`);
  const points = found.threshold.toLocaleString('en-US');
  return { ...badge, name: found.name, description: `Reach level ${level}, ${found.name}: ${points} points.`, category: 'milestone', requirement: found.threshold, counter: 'points' };
}

/** The key of a saved pair, the same for both directions (`movie:heat-1995|person:al-pacino`). */
export const savedPairKey = (from: string, to: string) => [from, to].sort().join('|');

/** A badge of the catalog: the public fields and the counter it reads. */
export interface BadgeDefinition extends Omit<Badge, 'unit'> {
  counter: BadgeCounter;
}

const TYPE_BADGES: Record<EntityType, Pick<Badge, 'id' | 'name' | 'description' | 'icon'>> = {
  person: { id: 'people-person', name: 'People Person', description: 'Find a connection to or from a person.', icon: 'users' },
  movie: { id: 'movie-linker', name: 'Movie Linker', description: 'Find a connection to or from a movie.', icon: 'film' },
  genre: { id: 'genre-bender', name: 'Genre Bender', description: 'Find a connection to or from a genre.', icon: 'sparkles' },
  keyword: { id: 'keyword-sleuth', name: 'Keyword Sleuth', description: 'Find a connection to or from a keyword.', icon: 'search' },
  company: { id: 'studio-insider', name: 'Studio Insider', description: 'Find a connection to or from a production company.', icon: 'star' },
  collection: { id: 'franchise-follower', name: 'Franchise Follower', description: 'Find a connection to or from a film collection.', icon: 'film' },
  award: { id: 'awards-circuit', name: 'Awards Circuit', description: 'Find a connection to or from an award.', icon: 'award' },
  location: { id: 'location-scout', name: 'Location Scout', description: 'Find a connection to or from a filming location or country.', icon: 'globe' },
};

/** Every badge (spec §3): at least 30 across the five categories, each earned once at its requirement. */
export const BADGE_CATALOG: readonly BadgeDefinition[] = [
  // Discovery: connections found.
  { id: 'first-connection', name: 'First Connection', description: 'Discover your first connection.', category: 'discovery', icon: 'search', isRare: false, pointsReward: 10, requirement: 1, counter: 'discoveries' },
  { id: 'connection-explorer', name: 'Connection Explorer', description: 'Discover 10 connections.', category: 'discovery', icon: 'globe', isRare: false, pointsReward: 25, requirement: 10, counter: 'discoveries' },
  { id: 'connection-centurion', name: 'Connection Centurion', description: 'Discover 100 connections.', category: 'discovery', icon: 'trophy', isRare: false, pointsReward: 100, requirement: 100, counter: 'discoveries' },
  { id: 'grand-cartographer', name: 'Grand Cartographer', description: 'Discover 1,000 connections.', category: 'discovery', icon: 'sparkles', isRare: true, pointsReward: 500, requirement: 1000, counter: 'discoveries' },
  { id: 'six-degrees', name: 'Six Degrees', description: 'Discover a connection of exactly 6 degrees.', category: 'discovery', icon: 'zap', isRare: true, pointsReward: 50, requirement: 1, counter: 'six-degree-discoveries' },
  { id: 'long-way-round', name: 'The Long Way Round', description: 'Discover 10 connections of exactly 6 degrees.', category: 'discovery', icon: 'trending', isRare: true, pointsReward: 150, requirement: 10, counter: 'six-degree-discoveries' },
  { id: 'keeper', name: 'Keeper', description: 'Save your first connection.', category: 'discovery', icon: 'star', isRare: false, pointsReward: 10, requirement: 1, counter: 'saved-connections' },
  { id: 'archivist', name: 'Archivist', description: 'Save 25 different connections.', category: 'discovery', icon: 'star', isRare: false, pointsReward: 50, requirement: 25, counter: 'saved-connections' },

  // Expertise: connecting through every kind of entity.
  ...ENTITY_TYPES.map((type): BadgeDefinition => ({ ...TYPE_BADGES[type], category: 'expertise', isRare: false, pointsReward: 15, requirement: 1, counter: `discoveries:${type}` })),
  { id: 'genre-expert', name: 'Genre Expert', description: 'Find 10 connections to or from genres.', category: 'expertise', icon: 'target', isRare: false, pointsReward: 40, requirement: 10, counter: 'discoveries:genre' },
  { id: 'globetrotter', name: 'Globetrotter', description: 'Find 10 connections to or from filming locations.', category: 'expertise', icon: 'globe', isRare: true, pointsReward: 75, requirement: 10, counter: 'discoveries:location' },
  { id: 'award-historian', name: 'Award Historian', description: 'Find 10 connections to or from awards.', category: 'expertise', icon: 'award', isRare: true, pointsReward: 75, requirement: 10, counter: 'discoveries:award' },
  { id: 'on-par', name: 'On Par', description: 'Solve a challenge within its par.', category: 'expertise', icon: 'target', isRare: false, pointsReward: 20, requirement: 1, counter: 'par-solves' },
  { id: 'par-excellence', name: 'Par Excellence', description: 'Solve 5 challenges within their par.', category: 'expertise', icon: 'trophy', isRare: true, pointsReward: 75, requirement: 5, counter: 'par-solves' },

  // Social: reviews, watchlists, follows.
  { id: 'first-review', name: 'First Review', description: 'Write your first review.', category: 'social', icon: 'message', isRare: false, pointsReward: 10, requirement: 1, counter: 'reviews' },
  { id: 'critic', name: 'Critic', description: 'Review 10 different movies or people.', category: 'social', icon: 'message', isRare: false, pointsReward: 50, requirement: 10, counter: 'reviews' },
  { id: 'watchlist-starter', name: 'Watchlist Starter', description: 'Add a movie to your watchlist.', category: 'social', icon: 'heart', isRare: false, pointsReward: 5, requirement: 1, counter: 'watchlist' },
  { id: 'watchlist-curator', name: 'Watchlist Curator', description: 'Add 25 movies to your watchlist.', category: 'social', icon: 'heart', isRare: false, pointsReward: 30, requirement: 25, counter: 'watchlist' },
  { id: 'networker', name: 'Networker', description: 'Follow 10 people.', category: 'social', icon: 'users', isRare: false, pointsReward: 20, requirement: 10, counter: 'following' },
  { id: 'rising-star', name: 'Rising Star', description: 'Have 10 followers.', category: 'social', icon: 'users', isRare: false, pointsReward: 50, requirement: 10, counter: 'followers' },
  { id: 'influencer', name: 'Influencer', description: 'Have 100 followers.', category: 'social', icon: 'trending', isRare: true, pointsReward: 200, requirement: 100, counter: 'followers' },

  // Milestone: levels and points.
  { id: 'century', name: 'Century', description: 'Reach 100 points.', category: 'milestone', icon: 'star', isRare: false, pointsReward: 10, requirement: 100, counter: 'points' },
  { id: 'thousand-club', name: 'Thousand Club', description: 'Reach 1,000 points.', category: 'milestone', icon: 'trending', isRare: false, pointsReward: 50, requirement: 1000, counter: 'points' },
  { id: 'five-thousand-club', name: 'Five Thousand Club', description: 'Reach 5,000 points.', category: 'milestone', icon: 'trophy', isRare: true, pointsReward: 150, requirement: 5000, counter: 'points' },
  // A level is reached at its threshold of points, so its badge counts points (357 / 10,000 points), never levels.
  levelBadge(3, { id: 'film-buff', icon: 'film', isRare: false, pointsReward: 25 }),
  levelBadge(5, { id: 'scene-stealer', icon: 'award', isRare: false, pointsReward: 75 }),
  levelBadge(9, { id: 'cinema-legend', icon: 'trophy', isRare: true, pointsReward: 500 }),

  // Special: habits and the daily challenge.
  { id: 'daily-devotee', name: 'Daily Devotee', description: 'Sign in 7 days in a row.', category: 'special', icon: 'clock', isRare: false, pointsReward: 25, requirement: 7, counter: 'login-streak' },
  { id: 'month-of-movies', name: 'Month of Movies', description: 'Sign in 30 days in a row.', category: 'special', icon: 'clock', isRare: true, pointsReward: 150, requirement: 30, counter: 'login-streak' },
  { id: 'first-daily-challenge', name: 'Daily Challenger', description: 'Solve your first daily challenge.', category: 'special', icon: 'target', isRare: false, pointsReward: 15, requirement: 1, counter: 'daily-challenges' },
  { id: 'challenge-regular', name: 'Challenge Regular', description: 'Solve 10 daily challenges.', category: 'special', icon: 'zap', isRare: false, pointsReward: 60, requirement: 10, counter: 'daily-challenges' },
  { id: 'challenge-veteran', name: 'Challenge Veteran', description: 'Solve 50 daily challenges.', category: 'special', icon: 'sparkles', isRare: true, pointsReward: 250, requirement: 50, counter: 'daily-challenges' },
];

const byId = new Map(BADGE_CATALOG.map((badge) => [badge.id, badge]));
/** The badge of a given id, or undefined. */
export const badgeById = (id: string) => byId.get(id);

/** The badges each counter can earn, cheapest first. */
export const BADGES_BY_COUNTER: ReadonlyMap<BadgeCounter, readonly BadgeDefinition[]> = new Map(
  BADGE_COUNTERS.map((counter) => [counter, BADGE_CATALOG.filter((badge) => badge.counter === counter).sort((a, b) => a.requirement - b.requirement)]),
);

/** A badge as the API shows it: the counter is the server's business, its unit is what the numbers count. */
export const publicBadge = ({ counter, ...badge }: BadgeDefinition): Badge => ({ ...badge, unit: COUNTER_UNITS[counter] });
