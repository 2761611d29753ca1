import { OAuth2Server } from 'oauth2-mock-server';
import { expect } from 'vitest';
import type { GoogleSignInOptions } from '../features/auth/google.js';
import type { ApiClient } from './accounts.js';

/** What the OAuth server's userinfo endpoint answers (Google's OpenID Connect claims). */
export interface GoogleUserInfo {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A local OAuth 2.0 / OpenID server standing in for Google (oauth2-mock-server), answering
 * `profile` at its userinfo endpoint.
 */
export async function startMockGoogle() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const state = { profile: { sub: 'nobody' } as GoogleUserInfo };
  server.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = state.profile;
  });
  const issuer = server.issuer.url!;
  const options: GoogleSignInOptions = {
    clientId: 'cinema-dna-test',
    clientSecret: 'test-secret',
    authUrl: `${issuer}/authorize`,
    tokenUrl: `${issuer}/token`,
    userInfoUrl: `${issuer}/userinfo`,
  };

  return {
    issuer,
    options,
    /** The profile the next sign-ins receive. */
    get profile(): GoogleUserInfo {
      return state.profile;
    },
    set profile(profile: GoogleUserInfo) {
      state.profile = profile;
    },

    /** The redirect to the authorization endpoint that starting a sign-in answers. */
    async start(client: ApiClient, start = '/api/auth/google', headers: Record<string, string> = {}): Promise<URL> {
      let startRequest = client.agent.get(start);
      for (const [name, value] of Object.entries(headers)) startRequest = startRequest.set(name, value);
      const started = await startRequest.expect(302);
      return new URL(started.headers.location!);
    },

    /** Walks the redirects a browser would follow; resolves to where the app finally sends it. */
    async signIn(client: ApiClient, start = '/api/auth/google', headers: Record<string, string> = {}): Promise<string> {
      const authorize = await this.start(client, start, headers);
      expect(authorize.origin).toBe(issuer);
      expect(authorize.searchParams.get('state')).toBeTruthy();
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('scope')).toBe('openid profile email');
      const consented = await fetch(authorize, { redirect: 'manual' });
      const callback = new URL(consented.headers.get('location')!);
      expect(callback.pathname).toBe('/api/auth/google/callback');
      const finished = await client.agent.get(`${callback.pathname}${callback.search}`).expect(303);
      return finished.headers.location!;
    },

    stop: () => server.stop(),
  };
}
export type MockGoogle = Awaited<ReturnType<typeof startMockGoogle>>;
