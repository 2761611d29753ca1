import {
  levelProgress,
  PROFILE_TEXTS,
  type CountedEntity,
  type EarnedBadge,
  type ProfileComparison,
  type ProfileUpdateSchema,
  type UserProfile,
  type YearStats,
} from '@cinema-dna/shared-types';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { accountColumns } from '../../platform/auth/columns.js';
import { users } from '../../platform/auth/schema.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { LoggedFilm, ProfileAggregates, ProfileDiary, ProfileGraph } from './ports.js';
import { betterCredit, compareCredits, type Credit } from '../../graph/prominence.js';

type UpdateInput = z.output<typeof ProfileUpdateSchema>;

/** Top people and genres listed in year stats. */
export const YEAR_TOP = 10;
/** Films in common listed by a comparison. */
export const COMMON_LISTED = 50;

const profileNotFound = () => new AppError(404, 'NOT_FOUND', PROFILE_TEXTS.notFound);

const profileColumns = accountColumns('id', 'username', 'displayName', 'bio', 'points', 'isActive', 'createdAt', 'lastActiveAt');
type Account = Pick<typeof users.$inferSelect, keyof typeof profileColumns>;

/** Counts by key, most first (then by name), at most `limit`. */
function topCounted(counts: Map<string, { name: string; count: number }>, limit: number): CountedEntity[] {
  return [...counts]
    .map(([key, { name, count }]) => ({ key, name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.key.localeCompare(b.key))
    .slice(0, limit);
}

/** People by how many of the films they are in, then as a fan would name them (their best credit: billing, then fame). */
function topPeople(counts: Map<string, { name: string; count: number; credit: Credit }>, limit: number): CountedEntity[] {
  return [...counts]
    .sort(([, a], [, b]) => b.count - a.count || compareCredits(a.credit, b.credit))
    .slice(0, limit)
    .map(([key, { name, count }]) => ({ key, name, count }));
}

/** Each logged film once: its latest entry's rating, its best rating, how often it was logged. */
function filmsOf(entries: readonly LoggedFilm[]) {
  const films = new Map<string, { movieId: string; title: string; posterPath: string | null; latest: LoggedFilm; best: number | null; logs: number }>();
  for (const entry of entries) {
    const film = films.get(entry.movieId);
    if (!film) {
      films.set(entry.movieId, { movieId: entry.movieId, title: entry.movieTitle, posterPath: entry.posterPath, latest: entry, best: entry.rating, logs: 1 });
      continue;
    }
    film.logs++;
    if (entry.rating !== null && (film.best === null || entry.rating > film.best)) film.best = entry.rating;
    if (entry.watchedDate > film.latest.watchedDate) film.latest = entry;
  }
  return films;
}

/**
 * Profiles: anyone reads an active account's profile, stats and comparisons; deactivated or unknown
 * accounts are a 404 'Profile Not Found'. Another user's private diary entries never count; the owner
 * sees their own.
 */
export function createProfileService(deps: { db: Db; aggregates: ProfileAggregates; diary: ProfileDiary; graph: ProfileGraph }) {
  const { db, aggregates, diary, graph } = deps;

  async function account(where: ReturnType<typeof eq>): Promise<Account> {
    const [row] = await db.select(profileColumns).from(users).where(where);
    if (!row || !row.isActive) throw profileNotFound();
    return row;
  }

  async function profileOf(row: Account, viewerId: number | null): Promise<UserProfile> {
    const isSelf = viewerId === row.id;
    const [badges, reviewCount, connectionsFound, savedConnections, watchlistCount, follows, challengesCompleted, filmsLogged] = await Promise.all([
      aggregates.badges(row.id),
      aggregates.reviewCount(row.id),
      aggregates.connectionsFound(row.id),
      aggregates.savedConnections(row.id),
      aggregates.watchlistCount(row.id),
      aggregates.follows(row.id, viewerId),
      aggregates.challengesCompleted(row.id),
      diary.count(row.id, isSelf),
    ]);
    const progress = levelProgress(row.points);
    return {
      user: {
        id: row.id,
        username: row.username,
        displayName: row.displayName,
        joinedAt: row.createdAt.toISOString(),
        bio: row.bio,
        level: progress.level,
        levelName: progress.levelName,
        points: row.points,
        lastActive: row.lastActiveAt.toISOString(),
      },
      badges,
      reviewCount,
      progressToNext: progress.progressToNext,
      nextLevelThreshold: progress.nextLevelThreshold,
      stats: {
        connectionsFound,
        savedConnections,
        filmsLogged,
        watchlistCount,
        followersCount: follows.followers,
        followingCount: follows.following,
        challengesCompleted,
      },
      isFollowing: !isSelf && follows.isFollowing,
      isSelf,
    };
  }

  return {
    /** A user's profile as `viewerId` (null: a guest) sees it. */
    async profile(userId: number, viewerId: number | null): Promise<UserProfile> {
      return profileOf(await account(eq(users.id, userId)), viewerId);
    },

    async byUsername(username: string, viewerId: number | null): Promise<UserProfile> {
      return profileOf(await account(eq(users.usernameLower, username.toLowerCase())), viewerId);
    },

    /** Changes the caller's display name and bio (an empty bio clears it). */
    async update(userId: number, input: UpdateInput): Promise<UserProfile> {
      const changes: Partial<typeof users.$inferInsert> = {};
      if (input.displayName !== undefined) changes.displayName = input.displayName;
      if (input.bio !== undefined) changes.bio = input.bio;
      await db.update(users).set(changes).where(eq(users.id, userId));
      return profileOf(await account(eq(users.id, userId)), userId);
    },

    async badges(userId: number): Promise<EarnedBadge[]> {
      await account(eq(users.id, userId));
      return aggregates.badges(userId);
    },

    /**
     * A year in films: per month, the rating spread in half stars, the average, and the people and
     * genres of the most logged films (each film once). Without a year: the latest year with entries.
     */
    async yearStats(userId: number, viewerId: number | null, year?: number): Promise<YearStats> {
      await account(eq(users.id, userId));
      const entries = await diary.entries(userId, viewerId === userId);
      const years = [...new Set(entries.map((entry) => Number(entry.watchedDate.slice(0, 4))))].sort((a, b) => b - a);
      const chosen = year ?? years[0] ?? new Date().getUTCFullYear();
      const inYear = entries.filter((entry) => entry.watchedDate.startsWith(`${chosen}-`));
      const filmsByMonth = Array.from({ length: 12 }, () => 0);
      const ratingSpread = Array.from({ length: 10 }, () => 0);
      let ratingSum = 0;
      let rated = 0;
      for (const entry of inYear) {
        filmsByMonth[Number(entry.watchedDate.slice(5, 7)) - 1]!++;
        if (entry.rating !== null) {
          ratingSpread[entry.rating * 2 - 1]!++;
          ratingSum += entry.rating;
          rated++;
        }
      }
      const people = new Map<string, { name: string; count: number; credit: Credit }>();
      const genres = new Map<string, { name: string; count: number }>();
      const movieIds = [...new Set(inYear.map((entry) => entry.movieId))];
      for (const links of graph.links(movieIds).values()) {
        for (const person of links.people) {
          const known = people.get(person.key);
          people.set(person.key, { name: person.name, count: (known?.count ?? 0) + 1, credit: known ? betterCredit(known.credit, person.credit) : person.credit });
        }
        for (const genre of links.genres) genres.set(genre.key, { name: genre.name, count: (genres.get(genre.key)?.count ?? 0) + 1 });
      }
      return {
        year: chosen,
        years,
        filmsLogged: inYear.length,
        rewatches: inYear.filter((entry) => entry.rewatch).length,
        filmsByMonth,
        ratingSpread,
        averageRating: rated > 0 ? Math.round((ratingSum / rated) * 100) / 100 : null,
        topPeople: topPeople(people, YEAR_TOP),
        topGenres: topCounted(genres, YEAR_TOP),
      };
    },

    /**
     * Two profiles side by side, from public entries only (whoever asks): films in common, their
     * overlap (Jaccard), each one's favourite and the shortest chain between the two favourites.
     */
    async compare(a: number, b: number): Promise<ProfileComparison> {
      const [accountA, accountB] = await Promise.all([account(eq(users.id, a)), account(eq(users.id, b))]);
      const [entriesA, entriesB] = await Promise.all([diary.entries(a, false), diary.entries(b, false)]);
      const filmsA = filmsOf(entriesA);
      const filmsB = filmsOf(entriesB);
      const common = [...filmsA.values()].filter((film) => filmsB.has(film.movieId));
      const union = filmsA.size + filmsB.size - common.length;

      // Highest rated; on a tie the most logged, then the latest watched, then by id (stable).
      const favourite = (films: ReturnType<typeof filmsOf>) =>
        [...films.values()].sort(
          (x, y) => (y.best ?? 0) - (x.best ?? 0) || y.logs - x.logs || y.latest.watchedDate.localeCompare(x.latest.watchedDate) || x.movieId.localeCompare(y.movieId),
        )[0] ?? null;
      const favA = favourite(filmsA);
      const favB = favourite(filmsB);
      const compared = (row: Account, entries: LoggedFilm[], fav: ReturnType<typeof favourite>) => ({
        id: row.id,
        username: row.username,
        displayName: row.displayName,
        filmsLogged: entries.length,
        favourite: fav ? { movieId: fav.movieId, title: fav.title, posterPath: fav.posterPath } : null,
      });
      return {
        a: compared(accountA, entriesA, favA),
        b: compared(accountB, entriesB, favB),
        filmsInCommon: common
          .sort((x, y) => x.title.localeCompare(y.title) || x.movieId.localeCompare(y.movieId))
          .slice(0, COMMON_LISTED)
          .map((film) => ({ movieId: film.movieId, title: film.title, ratingA: film.latest.rating, ratingB: filmsB.get(film.movieId)!.latest.rating })),
        commonCount: common.length,
        tasteOverlap: union > 0 ? Math.round((100 * common.length) / union) : 0,
        chain: favA && favB ? await graph.chain(favA.movieId, favB.movieId) : null,
      };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
