import type { Request } from 'express';
import { currentUser } from '../../platform/auth/guards.js';
import type { ApiRoutes } from '../../platform/auth/route-registry.js';
import type { ChallengeService } from './service.js';

const PLAY_ERRORS = {
  404: 'Attempt not found (or not yours).',
  409: '`CONFLICT`: the attempt has ended, or `version` is not the attempt’s current one (a stale or repeated action).',
} as const;

/** The caller, when signed in (public reads add the caller's own progress). */
const callerId = (req: Request) => req.user?.id ?? null;

/**
 * The daily challenge, the All Challenges list, the weekly, attempts played link by link on the
 * server's clock, whole chains (spec §7) and challenge stats.
 */
export function challengeRoutes(routes: ApiRoutes, service: ChallengeService): void {
  const api = routes.group({
    name: 'Challenges',
    description:
      'The daily challenge (one pair per UTC day, par = the true shortest distance), the All Challenges list and the weekly; attempts are played link by link and timed by the server.',
  });

  api.get(
    '/challenges/daily',
    {
      access: 'public',
      summary: 'Today’s daily challenge',
      description: 'Generated from the graph for the UTC date (every server agrees) and stored on its first request. Signed in: whether you solved it today, your points and your open attempt.',
      errors: { 404: '`NOT_FOUND` "No challenge available" when the loaded graph cannot make one.' },
    },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.daily(callerId(req)));
    },
  );
  api.get(
    '/challenges/daily/archive',
    { access: 'public', summary: 'Past dailies', description: 'Up to 60 past dailies, newest first; playable without points.' },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.archive(callerId(req)));
    },
  );
  api.get(
    '/challenges',
    {
      access: 'public',
      summary: 'All Challenges',
      description: 'Speed, efficiency, puzzle and themed challenges generated from the graph, with participants, completion rate, best time and degrees; signed in, your best and your open attempt.',
    },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.list(callerId(req)));
    },
  );
  api.get(
    '/challenges/weekly',
    {
      access: 'public',
      summary: 'This week’s challenge',
      description: 'A new one each ISO week (par 4–5 when the graph allows), 15 minutes.',
      errors: { 404: '`NOT_FOUND` "No challenge available".' },
    },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.weekly(callerId(req)));
    },
  );
  api.post(
    '/challenges/:id/attempts',
    {
      access: 'user',
      summary: 'Start (or resume) an attempt',
      description:
        'Your open attempt of the challenge; else, once you have finished it (solved, or seen the answer: gave up, timed out, out of moves), that finished attempt with its result, share text and reveal (no new clock); else a new one: the server’s clock starts now and the attempt ends at `endsAt`. A challenge pays once, for a solve on an attempt started before you saw its answer (the daily on its day only), and a solve faster than 2 seconds a link pays 0.',
      inputName: 'Challenge',
      // An empty body or none at all.
      example: { params: { id: 'list-speed-sprint' }, body: {} },
      errors: { 404: 'Challenge not found.', 503: 'The movie graph is still loading.' },
    },
    async ({ params }, req, res) => {
      res.status(201).json(await service.start(currentUser(req).id, params.id));
    },
  );
  api.get(
    '/challenges/attempts/:attemptId',
    { access: 'user', summary: 'One of your attempts', description: 'Past its end it is timed out.', inputName: 'Attempt', errors: { 404: PLAY_ERRORS[404] } },
    async ({ params }, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.attempt(currentUser(req).id, params.attemptId));
    },
  );
  api.post(
    '/challenges/attempts/:attemptId/moves',
    {
      access: 'user',
      summary: 'Pick the next entity',
      description: 'Accepted when linked to the chain’s end by a core or supporting link (and within the theme); refused otherwise with the reason. Every pick costs a move; reaching the target solves the attempt.',
      inputName: 'Move',
      errors: PLAY_ERRORS,
    },
    async ({ params, body }, req, res) => {
      res.json(await service.move(currentUser(req).id, params.attemptId, body));
    },
  );
  api.post(
    '/challenges/attempts/:attemptId/undo',
    { access: 'user', summary: 'Undo the last link', description: 'Costs a move.', inputName: 'Undo', errors: PLAY_ERRORS },
    async ({ params, body }, req, res) => {
      res.json(await service.undo(currentUser(req).id, params.attemptId, body));
    },
  );
  api.post(
    '/challenges/attempts/:attemptId/hint',
    {
      access: 'user',
      summary: 'Ask for a hint',
      description: 'Reveals a popular neighbour of the chain’s end one link closer to the target; each hint takes 5 points off the reward.',
      inputName: 'Hint',
      errors: { ...PLAY_ERRORS, 409: `${PLAY_ERRORS[409]} Also when no step from the chain's end gets closer.` },
    },
    async ({ params, body }, req, res) => {
      res.json(await service.hint(currentUser(req).id, params.attemptId, body));
    },
  );
  api.post(
    '/challenges/attempts/:attemptId/give-up',
    { access: 'user', summary: 'Give up', description: 'Ends the attempt with the reveal and no points.', inputName: 'Give up', errors: PLAY_ERRORS },
    async ({ params, body }, req, res) => {
      res.json(await service.giveUp(currentUser(req).id, params.attemptId, body));
    },
  );
  api.post(
    '/challenges/attempt',
    {
      access: 'user',
      summary: 'Submit a whole chain',
      description:
        'Entity keys from the challenge’s from entity to its to entity, checked link by link with the rules of play and scored the same way: each link is a move (a chain longer than the moves left is refused with 409 and does not solve), the time counts from your open attempt’s start, and a solve faster than 2 seconds a link pays 0 (the reason is in `noPointsReason`). Without an open attempt there is no clock: the chain is recorded as solved and pays 0. `timeSpent`, `timeTaken` and `userId` are ignored.',
      inputName: 'Attempt',
      errors: {
        400: '`INVALID_PATH` with `details` naming the bad link (`link`, `from`, `to`, `reason`).',
        404: 'Challenge not found.',
        409: '`CONFLICT`: the chain needs more moves than are left (`details.movesLeft`, `details.links`), the challenge is finished for you (solved, or its answer seen), or the attempt changed under a concurrent request.',
      },
    },
    async ({ body }, req, res) => {
      res.json(await service.wholeChain(currentUser(req).id, body));
    },
  );
  api.get(
    '/users/me/challenge-stats',
    {
      access: 'user',
      summary: 'Your challenge stats',
      description: 'Completed, average and best time (seconds), success rate, rank on the Challenge Masters board, points earned, and daily streaks.',
    },
    async (_input, req, res) => {
      res.set('Cache-Control', 'private, no-store').json(await service.stats(currentUser(req).id));
    },
  );
}
