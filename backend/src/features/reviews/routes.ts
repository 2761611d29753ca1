import { ADMIN_TEXTS, POINT_RULES } from '@cinema-dna/shared-types';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { UserDirectory } from '../../platform/auth/types.js';
import { notFound } from '../../platform/errors.js';
import { OWN_REVIEW_REPORT, type ModerationAudit, type ReviewService } from './service.js';

/** Reviews: written by signed-in users, changed only by their authors, read by anyone. */
export function reviewRoutes(routes: ApiRoutes, deps: { service: ReviewService; users: Pick<UserDirectory, 'findById'> }): void {
  const api = routes.group({ name: 'Reviews', description: 'Reviews of movies, people and every other entity: 1 to 5 stars, a title and a text.' });
  api.post(
    '/reviews',
    {
      access: 'user',
      summary: 'Write a review',
      description: `One review per user and entity. The rating is 1 to 5 whole stars (the help text; a 9 is a 400). Title and content are trimmed and required. Your first review of an entity pays ${POINT_RULES.review.points} points when its text has at least ${POINT_RULES.review.minTextLength} characters, up to ${POINT_RULES.review.perDay} a UTC day; any other review is posted the same and pays 0 (editing, deleting and writing again never pay).`,
      inputName: 'Review',
      example: (c) => ({ body: { entityId: c.movie.id, entityType: 'movie', rating: 5, title: 'Worth every minute', content: `${c.movie.name}: not a wasted frame.` } }),
      errors: { 404: 'The catalog holds no such entity.', 409: 'You have already reviewed this entity: edit that review instead.' },
    },
    async ({ body }, req, res) => {
      res.status(201).json(await deps.service.create(currentUser(req).id, body));
    },
  );
  api.patch(
    '/reviews/:reviewId',
    {
      access: 'user',
      summary: 'Edit your review',
      description: 'Any of rating, title and content. Only the author may edit a review.',
      inputName: 'Review',
      errors: { 403: 'The review is someone else’s.', 404: 'No such review.' },
    },
    async ({ params: { reviewId }, body }, req, res) => {
      res.json(await deps.service.update(currentUser(req).id, reviewId, body));
    },
  );
  api.delete(
    '/reviews/:reviewId',
    {
      access: 'user',
      summary: 'Delete your review',
      description: 'Only the author may delete a review.',
      inputName: 'Review',
      errors: { 403: 'The review is someone else’s.', 404: 'No such review.' },
    },
    async ({ params: { reviewId } }, req, res) => {
      await deps.service.remove(currentUser(req).id, reviewId);
      res.status(204).end();
    },
  );
  api.post(
    '/reviews/:reviewId/report',
    {
      access: 'user',
      summary: 'Report a review',
      description: 'Sends a review to the moderation queue with a reason (and an optional note). One report per reader and review: reporting again answers 200 with the same message and counts nothing.',
      inputName: 'Report',
      example: { params: { reviewId: '1' }, body: { reason: 'spoilers', note: 'Gives the ending away.' } },
      errors: { 400: OWN_REVIEW_REPORT, 404: 'No such review (or it was deleted or hidden).' },
    },
    async ({ params: { reviewId }, body }, req, res) => {
      const { created } = await deps.service.report(currentUser(req).id, reviewId, body);
      res.status(created ? 201 : 200).json({ reported: true, message: ADMIN_TEXTS.reviewReported });
    },
  );
  api.get(
    '/entity/:type/:id/reviews',
    {
      access: 'public',
      summary: 'An entity’s reviews',
      description: 'Newest first, with their count and average rating (null with none: "No Reviews Yet"). Reviews hidden by a moderator are left out.',
      inputName: 'Entity',
      example: (c) => ({ params: { type: 'movie', id: c.movie.id } }),
    },
    async ({ params: { type, id } }, _req, res) => {
      res.json(await deps.service.forEntity(type, id));
    },
  );
  api.get(
    '/users/:id/reviews',
    {
      access: 'public',
      summary: 'A user’s reviews',
      description: 'Newest first. Reviews are public; those hidden by a moderator are left out. A deactivated account is a 404, like its profile.',
      inputName: 'User',
      example: { params: { id: '1' } },
      errors: { 404: 'User not found.' },
    },
    async ({ params: { id } }, _req, res) => {
      // A deactivated account's traces are hidden until it is reactivated, as its profile is.
      if (!(await deps.users.findById(id))?.isActive) throw notFound('User not found');
      res.json({ reviews: await deps.service.forUser(id) });
    },
  );
}

/** The moderation queue of reported reviews (Content tab): moderators and admins; every action is audited. */
export function reviewModerationRoutes(routes: ApiRoutes, deps: { service: ReviewService; audit: ModerationAudit }): void {
  const api = routes.group({ name: 'Moderation', description: 'Reported reviews and the contact inbox (the admin dashboard’s Content tab). Moderators and admins.' });
  api.get(
    '/admin/reports',
    {
      access: 'moderator',
      summary: 'Reported reviews',
      description: 'open (default): reported and not hidden; hidden: hidden by a moderator; all: both. Most recently reported first, at most 200.',
      inputName: 'Moderation query',
      example: { query: { state: 'open' } },
    },
    async ({ query }, _req, res) => {
      res.set('Cache-Control', 'no-store').json({ reviews: await deps.service.reported(query.state) });
    },
  );
  for (const [action, hide, toast] of [
    ['hide', true, ADMIN_TEXTS.reviewHidden],
    ['restore', false, ADMIN_TEXTS.reviewRestored],
  ] as const) {
    api.post(
      `/admin/reviews/:reviewId/${action}`,
      {
        access: 'moderator',
        summary: hide ? 'Hide a review' : 'Restore a review',
        description: hide
          ? `Takes the review off every public list (entity and user reviews, counts, ratings); its author keeps it in their data export. Audited. Toast: "${toast}".`
          : `Puts a hidden review back on the public lists. Audited. Toast: "${toast}".`,
        errors: { 404: 'No such review (or it was deleted).' },
      },
      async ({ params: { reviewId } }, req, res) => {
        res.json(await deps.service.moderate(currentUser(req).id, reviewId, hide, deps.audit));
      },
    );
  }
}
