import { z } from 'zod';
import { FollowRequestSchema, FollowResultSchema, SocialUserListSchema, UserSearchQuerySchema } from '../social.js';
import { defineRoutes } from './define.js';

const UnfollowParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: 'The followed user’s id.' }) });

/** The follows routes: paths, and the schemas of their params, query, body and answers. */
export const followsRoutes = defineRoutes({
  'POST /api/users/follow': { body: FollowRequestSchema, responses: { 200: FollowResultSchema } },
  'DELETE /api/users/unfollow/:userId': { params: UnfollowParamsSchema, responses: { 200: FollowResultSchema } },
  'GET /api/users/following': { responses: { 200: SocialUserListSchema } },
  'GET /api/users/followers': { responses: { 200: SocialUserListSchema } },
  'GET /api/users/discover': { responses: { 200: SocialUserListSchema } },
  'GET /api/users/search': { query: UserSearchQuerySchema, responses: { 200: SocialUserListSchema } },
});
