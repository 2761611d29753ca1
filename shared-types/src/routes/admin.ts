import { AdminConnectionParamsSchema, AdminConnectionsResponseSchema, AdminExportParamsSchema, AdminExportQuerySchema, AdminListQuerySchema, AdminOperationResultSchema, AdminStatsSchema, AdminUserParamsSchema, AdminUserSchema, AdminUserUpdateSchema, AdminUsersResponseSchema, AuditQuerySchema, AuditResponseSchema, UserDeletionSchema } from '../admin.js';
import { defineRoutes } from './define.js';

/** The admin routes: paths, and the schemas of their params, query, body and answers. */
export const adminRoutes = defineRoutes({
  'GET /api/admin/stats': { responses: { 200: AdminStatsSchema } },
  'GET /api/admin/users': { query: AdminListQuerySchema, responses: { 200: AdminUsersResponseSchema } },
  'PATCH /api/admin/users/:userId': { params: AdminUserParamsSchema, body: AdminUserUpdateSchema, responses: { 200: AdminUserSchema } },
  'GET /api/admin/users/:userId/deletion': { params: AdminUserParamsSchema, responses: { 200: UserDeletionSchema } },
  'DELETE /api/admin/users/:userId': { params: AdminUserParamsSchema, responses: { 200: UserDeletionSchema } },
  'GET /api/admin/connections': { query: AdminListQuerySchema, responses: { 200: AdminConnectionsResponseSchema } },
  'DELETE /api/admin/connections/:id': { params: AdminConnectionParamsSchema, responses: { 204: { description: 'Deleted.' } } },
  'POST /api/admin/clear-cache': { body: null, responses: { 200: AdminOperationResultSchema } },
  'POST /api/admin/rebuild-leaderboards': { body: null, responses: { 200: AdminOperationResultSchema } },
  'GET /api/admin/export/:kind': {
    params: AdminExportParamsSchema,
    query: AdminExportQuerySchema,
    responses: {
      200: {
        description: 'The export (text/csv or application/json), as an attachment.',
        contentType: 'text/csv',
        headers: { 'Content-Disposition': 'attachment; filename="cinema-dna-<kind>-<date>.<format>"' },
      },
    },
  },
  'GET /api/admin/audit': { query: AuditQuerySchema, responses: { 200: AuditResponseSchema } },
});
