import { CSRF_HEADER, type Role } from '@cinema-dna/shared-types';
import request from 'supertest';
import type { UserService } from '../features/users/service.js';
import type { AuthenticatedUser } from '../platform/auth/types.js';
import { uniqueSuffix } from './targets.js';

/** A password every test account may use: it meets the password rules. */
export const TEST_PASSWORD = 'correct-horse-battery';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * A caller of the API: a cookie jar (supertest agent) with the session's CSRF token, or a Bearer
 * API key, or neither.
 */
export interface ApiClient {
  agent: ReturnType<typeof request.agent>;
  csrfToken?: string;
  apiKey?: string;
  /** Sends a request with the client's CSRF token and API key (when it has them). */
  send(method: Method, path: string, body?: unknown): request.Test;
}

/** Anything supertest can call: an Express app or a listening HTTP server. */
export type Target = Parameters<typeof request.agent>[0];

export function apiClient(app: Target, options: { apiKey?: string } = {}): ApiClient {
  const agent = request.agent(app);
  const client: ApiClient = {
    agent,
    apiKey: options.apiKey,
    send(method, path, body) {
      let test = agent[method](path);
      if (client.csrfToken) test = test.set(CSRF_HEADER, client.csrfToken);
      if (client.apiKey) test = test.set('Authorization', `Bearer ${client.apiKey}`);
      return body === undefined ? test : test.send(body as object);
    },
  };
  return client;
}

/** A caller without an account who has fetched a CSRF token (and so has an anonymous session). */
export async function anonymousClient(app: Target): Promise<ApiClient> {
  const client = apiClient(app);
  const res = await client.agent.get('/api/auth/csrf').expect(200);
  client.csrfToken = res.body.csrfToken as string;
  return client;
}

/** Signs in through POST /api/auth/login and keeps the new session's CSRF token. */
export async function signedInClient(app: Target, username: string, password = TEST_PASSWORD): Promise<ApiClient> {
  const client = await anonymousClient(app);
  const res = await client.send('post', '/api/auth/login', { username, password });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${res.text}`);
  client.csrfToken = res.get(CSRF_HEADER);
  return client;
}

/** Creates an account through the service (as registration would), with a unique name. */
export async function createTestUser(users: UserService, options: { role?: Role; prefix?: string } = {}): Promise<{ user: AuthenticatedUser; username: string; password: string }> {
  const username = `${options.prefix ?? 'user'}_${uniqueSuffix()}`;
  const user = await users.registerRaw({ username, email: `${username}@example.com`, password: TEST_PASSWORD }, options.role);
  return { user, username, password: TEST_PASSWORD };
}

/** The session id inside a signed `cdna.sid` cookie of a response, if it set one. */
export function sessionIdOf(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  const cookie = cookies.find((value) => value.startsWith('cdna.sid='));
  if (!cookie) return undefined;
  const value = decodeURIComponent(cookie.slice('cdna.sid='.length).split(';')[0]!);
  // "s:<sid>.<signature>"
  return value.startsWith('s:') ? value.slice(2, value.lastIndexOf('.')) : value;
}
