import { z } from 'zod';
import { WatchedMarkSchema, WatchlistAddSchema, WatchlistItemSchema, WatchlistSchema } from '../community.js';
import { text } from '../text.js';
import { defineRoutes } from './define.js';

const UserParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: 'The user’s id.' }) });
const MovieParamsSchema = z.object({
  movieId: text()
    .min(1)
    .max(200)
    .transform((id) => (id.startsWith('movie:') ? id.slice('movie:'.length) : id))
    .meta({ description: 'The movie’s id ("mad-max-fury-road-2015" or "movie:mad-max-fury-road-2015").' }),
});

/** The watchlist routes: paths, and the schemas of their params, query, body and answers. */
export const watchlistRoutes = defineRoutes({
  'GET /api/watchlist': { responses: { 200: WatchlistSchema } },
  'POST /api/watchlist': { body: WatchlistAddSchema, responses: { 201: WatchlistItemSchema } },
  'DELETE /api/watchlist/:movieId': { params: MovieParamsSchema, responses: { 204: { description: 'Removed.' } } },
  'POST /api/watched': { body: WatchedMarkSchema, responses: { 200: WatchlistItemSchema } },
  'GET /api/users/:id/watchlist': { params: UserParamsSchema, responses: { 200: WatchlistSchema } },
});
