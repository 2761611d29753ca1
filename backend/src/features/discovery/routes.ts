import { POPULAR_SOCIAL_DAYS } from '@cinema-dna/shared-types';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import { TRENDING_FORMULA, WEIGHTED_RATING_FORMULA } from './formulas.js';
import { MOODS } from './moods.js';
import type { DiscoveryService } from './service.js';

/** ?limit= of Popular People (default: the page's six). */

/** The Discovery page's lists, Surprise Me, moods, Popular with Friends and recommendations (spec §2, §7). */
export function discoveryRoutes(routes: ApiRoutes, service: DiscoveryService): void {
  const api = routes.group({ name: 'Discovery', description: 'Lists of films and people from the catalog and the community’s activity; surprises, moods, friends’ films and recommendations.' });
  const recomputed = 'Recomputed hourly (one process recomputes, every process serves the stored list).';
  api.get(
    '/movies/trending',
    {
      access: 'public',
      summary: 'Trending movies',
      description: `The source’s popularity blended with the product’s own activity in the window (searches and paths through a film, entity page views, diary logs, watchlist adds): ${TRENDING_FORMULA}. ${recomputed} \`updatedAt\` says when, \`nextUpdateAt\` when next.`,
      inputName: 'Trending',
      example: { query: { limit: '12', timeWindow: 'week' } },
    },
    async ({ query: { timeWindow, limit } }, _req, res) => {
      res.json(await service.trending(timeWindow, limit));
    },
  );
  api.get(
    '/people/popular',
    {
      access: 'public',
      summary: 'Popular people',
      description: `People by the source’s popularity blended with the product’s activity around them (as trending, week window). Each with the department they are known for (the source’s, else the one most of their credits are in) and their most popular films. ${recomputed}`,
      inputName: 'Popular people',
      example: { query: { limit: '6' } },
    },
    async ({ query: { limit } }, _req, res) => {
      res.json(await service.popularPeople(limit));
    },
  );
  api.get(
    '/movies/top-rated',
    {
      access: 'public',
      summary: 'Highest rated movies',
      description: `By weighted rating, so 3 votes never beat 3,000: ${WEIGHTED_RATING_FORMULA}. The answer carries m (minimumVotes) and C (meanRating). ${recomputed}`,
      inputName: 'Highest rated',
      example: { query: { limit: '12' } },
    },
    async ({ query: { limit } }, _req, res) => {
      res.json(await service.topRated(limit));
    },
  );
  api.get(
    '/movies/recent',
    {
      access: 'public',
      summary: 'Recent releases',
      description: `Films released in the 365 days up to the reference date, most popular first. The reference date (\`referenceDate\`) is the earlier of today and the latest release of a film with votes, so a dataset frozen in the past still has recent films; a film known only by its year counts as released on 1 July. ${recomputed}`,
      inputName: 'Recent releases',
      example: { query: { limit: '12' } },
    },
    async ({ query: { limit } }, _req, res) => {
      res.json(await service.dated('recent', limit));
    },
  );
  api.get(
    '/movies/upcoming',
    {
      access: 'public',
      summary: 'Coming soon',
      description: `Films released after the reference date (see Recent releases), soonest first. Empty when the data holds none (the page then shows a slice of trending). ${recomputed}`,
      inputName: 'Coming soon',
      example: { query: { limit: '12' } },
    },
    async ({ query: { limit } }, _req, res) => {
      res.json(await service.dated('upcoming', limit));
    },
  );
  api.get(
    '/movies/award-winners',
    {
      access: 'public',
      summary: 'Award winners',
      description: `Films with award wins in the graph (\`won\` links), most wins first, ties by weighted rating, then popularity; each with its awards. Empty when no award data is imported. ${recomputed}`,
      inputName: 'Award winners',
      example: { query: { limit: '12' } },
    },
    async ({ query: { limit } }, _req, res) => {
      res.json(await service.awardWinners(limit));
    },
  );
  api.get(
    '/movies/surprise',
    {
      access: 'public',
      summary: 'Surprise me',
      description:
        'One good film at random: its weighted rating is in the catalog’s top quarter (the most popular films when nothing is rated). Signed in, never a film you logged or marked watched. With nothing left to pick, a trending film.',
      errors: { 404: 'The catalog holds no film to pick.' },
    },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.surprise(req.user?.id ?? null));
    },
  );
  api.get(
    '/movies/mood-selector',
    {
      access: 'public',
      summary: 'Films by mood',
      description: `Mood name → films, ranked by weighted rating; \`about\` says what each mood mixes. A film fits a mood when it has one of its genres or keywords and none of its excluded genres or keywords. Moods: ${MOODS.map((mood) => mood.name).join(', ')}. \`limit\` is per mood.`,
      inputName: 'Mood selector',
      example: { query: { limit: '12' } },
    },
    async ({ query: { limit } }, _req, res) => {
      res.json(await service.moods(limit));
    },
  );
  api.get(
    '/movies/popular-social',
    {
      access: 'user',
      summary: 'Popular with friends',
      description: `Films the people you follow logged in their diary (private entries never count) or put on their watchlist in the last ${POPULAR_SOCIAL_DAYS} days, most logs and adds first, each with who; and everyone you follow who did.`,
      inputName: 'Popular with friends',
      example: { query: { limit: '12' } },
    },
    async ({ query: { limit } }, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.popularSocial(currentUser(req).id, limit));
    },
  );
  api.get(
    '/recommendations',
    {
      access: 'user',
      summary: 'Recommended for you',
      description:
        'Random walks with restart over the movie graph from your films (a film’s stars are the diary’s latest rating of it, else its review’s, else its watched mark’s: 4+ weighs 3, none or 2.5–3.5 weighs 1, 2 or less not at all; watchlist 0.5), never a film you logged, reviewed or listed, each with the link it rests on ("Because you liked Heat — also directed by Michael Mann"). Without history (`coldStart`): the most popular films of the genres you looked at, then trending films.',
    },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.recommendations(currentUser(req).id));
    },
  );
}
