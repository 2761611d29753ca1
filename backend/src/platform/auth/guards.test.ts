import type { Request, RequestHandler } from 'express';
import { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { requireOwnerOrStaff, requireRole, requireSessionUser, requireUser } from './guards.js';
import { createApiRoutes } from './route-registry.js';
import type { AuthenticatedUser, AuthMethod } from './types.js';

const user = (id: number, role: AuthenticatedUser['role'] = 'user'): AuthenticatedUser => ({
  id,
  username: `u${id}`,
  displayName: `U${id}`,
  email: `u${id}@example.com`,
  role,
  isActive: true,
  level: 1,
  points: 0,
  createdAt: new Date(0),
  lastActiveAt: new Date(0),
});

/** The status a guard answers with for this caller: 200 when it lets the request through. */
function statusOf(guard: RequestHandler, caller?: AuthenticatedUser, options: { method?: AuthMethod; params?: Record<string, string> } = {}): number {
  let outcome = 0;
  const req = { user: caller, authMethod: caller ? (options.method ?? 'session') : undefined, params: options.params ?? {} } as unknown as Request;
  void guard(req, {} as never, (error?: unknown) => {
    outcome = error instanceof AppError ? error.status : error ? 500 : 200;
  });
  return outcome;
}

describe('guards', () => {
  it('requireUser: 401 for anonymous callers', () => {
    expect(statusOf(requireUser)).toBe(401);
    expect(statusOf(requireUser, user(1), { method: 'api-key' })).toBe(200);
  });

  it('requireSessionUser: API keys get 403', () => {
    expect(statusOf(requireSessionUser)).toBe(401);
    expect(statusOf(requireSessionUser, user(1))).toBe(200);
    expect(statusOf(requireSessionUser, user(1), { method: 'api-key' })).toBe(403);
  });

  it('requireRole: admins pass every role check, others only their own', () => {
    const moderatorOnly = requireRole('moderator');
    expect(statusOf(moderatorOnly)).toBe(401);
    expect(statusOf(moderatorOnly, user(1))).toBe(403);
    expect(statusOf(moderatorOnly, user(1, 'moderator'))).toBe(200);
    expect(statusOf(moderatorOnly, user(1, 'admin'))).toBe(200);
    expect(statusOf(requireRole('admin'), user(1, 'moderator'))).toBe(403);
  });

  it('requireOwnerOrStaff: the owner named by :id, moderators and admins', () => {
    const guard = requireOwnerOrStaff('id');
    const params = { id: '7' };
    expect(statusOf(guard, undefined, { params })).toBe(401);
    expect(statusOf(guard, user(7), { params })).toBe(200);
    expect(statusOf(guard, user(8), { params })).toBe(403);
    expect(statusOf(guard, user(8, 'moderator'), { params })).toBe(200);
    expect(statusOf(guard, user(8, 'admin'), { params })).toBe(200);
  });
});

describe('the route registry', () => {
  it('lists each route with its mount path, access and CSRF policy (session unless declared)', () => {
    const routes = createApiRoutes(Router(), '/api');
    const api = routes.group({ name: 'Test', description: 'Routes of this test.' });
    const answer = { 200: { description: 'OK' } };
    api.get('/a', { access: 'public', summary: 'A', responses: answer }, (_input, _req, res) => res.end());
    api.delete('/b/:id', { access: 'owner-or-staff', summary: 'B', params: z.object({ id: z.string() }), responses: answer }, (_input, _req, res) => res.end());
    api.post('/c', { access: 'public', csrf: 'always', summary: 'C', body: null, responses: answer }, (_input, _req, res) => res.end());
    expect(routes.list().map(({ method, path, access, csrf }) => ({ method, path, access, csrf }))).toEqual([
      { method: 'get', path: '/api/a', access: 'public', csrf: 'session' },
      { method: 'delete', path: '/api/b/:id', access: 'owner-or-staff', csrf: 'session' },
      { method: 'post', path: '/api/c', access: 'public', csrf: 'always' },
    ]);
  });
});
