import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { UserDirectory } from '../../platform/auth/types.js';
import { notFound } from '../../platform/errors.js';
import type { WatchlistService } from './service.js';

/** Watchlists and watched marks (spec §7). */
export function watchlistRoutes(routes: ApiRoutes, deps: { service: WatchlistService; users: Pick<UserDirectory, 'findById'> }): void {
  const api = routes.group({ name: 'Watchlist', description: 'Movies users mean to watch, and the ones they watched.' });
  api.get(
    '/watchlist',
    { access: 'user', summary: 'Your watchlist', description: 'Newest addition first.' },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json({ items: await deps.service.list(currentUser(req).id) });
    },
  );
  api.post(
    '/watchlist',
    {
      access: 'user',
      summary: 'Add a movie to your watchlist',
      description: 'Requires the movie’s id and title (spec §5). A movie is on a list once: a second add is a 409 "This movie is already in your watchlist.".',
      inputName: 'Watchlist item',
      example: (c) => ({ body: { movieId: c.movie.id, movieTitle: c.movie.name, posterPath: null } }),
      errors: { 404: 'The catalog holds no such movie.', 409: 'The movie is already on your watchlist.' },
    },
    async ({ body }, req, res) => {
      res.status(201).json(await deps.service.add(currentUser(req).id, body));
    },
  );
  api.delete(
    '/watchlist/:movieId',
    {
      access: 'user',
      summary: 'Remove a movie from your watchlist',
      inputName: 'Watchlist item',
      example: (c) => ({ params: { movieId: c.movie.id } }),
      errors: { 404: 'The movie is not on your watchlist.' },
    },
    async ({ params: { movieId } }, req, res) => {
      await deps.service.remove(currentUser(req).id, movieId);
      res.status(204).end();
    },
  );
  api.post(
    '/watched',
    {
      access: 'user',
      summary: 'Mark a movie as watched',
      description: 'Sets the watched flag (and the rating, 1–5; 0 or none for none). A movie not on your watchlist yet is put on it, watched.',
      inputName: 'Watched movie',
      example: (c) => ({ body: { movieId: c.movie.id, movieTitle: c.movie.name, posterPath: null, rating: 4 } }),
      errors: { 404: 'The catalog holds no such movie.' },
    },
    async ({ body }, req, res) => {
      res.json(await deps.service.markWatched(currentUser(req).id, body));
    },
  );
  api.get(
    '/users/:id/watchlist',
    {
      access: 'public',
      summary: 'A user’s watchlist',
      description: 'The profile’s Lists tab. Newest addition first. A deactivated account is a 404, like its profile.',
      inputName: 'User',
      example: { params: { id: '1' } },
      errors: { 404: 'User not found.' },
    },
    async ({ params: { id } }, _req, res) => {
      // A deactivated account's traces are hidden until it is reactivated, as its profile is.
      if (!(await deps.users.findById(id))?.isActive) throw notFound('User not found');
      res.json({ items: await deps.service.list(id) });
    },
  );
}
