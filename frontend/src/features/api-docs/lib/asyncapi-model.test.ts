import { describe, expect, it } from 'vitest';
import { readAsyncApiDocument } from './asyncapi-model';
import { authSummary, requiresSignIn, takesApiKey } from './auth-summary';
import type { ApiAuth } from './openapi-model';

const message = (name: string, payload: object) => ({ name, summary: `${name} summary`, payload });

describe('readAsyncApiDocument', () => {
  it('lists commands (with their acknowledgement) before server events, named as on the wire', () => {
    const reference = readAsyncApiDocument({
      asyncapi: '3.0.0',
      info: { title: 'Live events', description: 'Socket.IO.\n\nMore.' },
      channels: { socket: { messages: { start: { $ref: '#/components/messages/start' }, ack: { $ref: '#/components/messages/ack' } } } },
      operations: {
        progressed: { action: 'send', summary: 'One layer', messages: [{ $ref: '#/components/messages/progressed' }] },
        start: { action: 'receive', summary: 'Start a search', messages: [{ $ref: '#/channels/socket/messages/start' }], reply: { messages: [{ $ref: '#/channels/socket/messages/ack' }] } },
      },
      components: {
        messages: {
          start: message('search:start', { type: 'object', properties: { fromEntity: { type: 'object' } } }),
          ack: message('search:start acknowledgement', { type: 'object', properties: { ok: { type: 'boolean' } } }),
          progressed: message('search:progressed', { type: 'object', properties: { layer: { type: 'integer' } } }),
        },
      },
    });
    expect(reference.title).toBe('Live events');
    expect(reference.events.map((event) => [event.name, event.from, event.summary])).toEqual([
      ['search:start', 'client', 'Start a search'],
      ['search:progressed', 'server', 'One layer'],
    ]);
    expect(reference.events[0]!.payload).toEqual({ type: 'object', properties: { fromEntity: { type: 'object' } } });
    expect(reference.events[0]!.ack).toEqual({ type: 'object', properties: { ok: { type: 'boolean' } } });
    expect(reference.events[1]!.ack).toBeUndefined();
  });

  it('refuses what is not an AsyncAPI document', () => {
    expect(() => readAsyncApiDocument({ openapi: '3.1.0' })).toThrow('not an AsyncAPI document');
  });
});

describe('authSummary', () => {
  const auth = (patch: Partial<ApiAuth>): ApiAuth => ({ mode: 'required', bearer: true, session: true, csrf: false, schemes: ['sessionCookie', 'apiKey'], ...patch });
  it('says who may call, and whether the key field and the lock apply', () => {
    const open = { auth: auth({ mode: 'none', bearer: false, session: false }) };
    expect(authSummary(open)).toBe('None: open to everyone');
    expect([takesApiKey(open.auth), requiresSignIn(open)]).toEqual([false, false]);

    const optional = { auth: auth({ mode: 'optional' }) };
    expect(authSummary(optional)).toBe('Optional: works signed out; an API key (Bearer) or a signed-in session make the call count as you');
    expect([takesApiKey(optional.auth), requiresSignIn(optional)]).toEqual([false, false]);

    const user = { auth: auth({}), access: 'user' };
    expect(authSummary(user)).toBe('Required: an API key (Bearer) or a signed-in session');
    expect([takesApiKey(user.auth), requiresSignIn(user)]).toEqual([true, true]);

    const sessionOnly = { auth: auth({ bearer: false, csrf: true }), access: 'session-user' };
    expect(authSummary(sessionOnly)).toBe('Required: a signed-in session (API keys are refused)');
    expect([takesApiKey(sessionOnly.auth), requiresSignIn(sessionOnly)]).toEqual([false, true]);

    // Sign-in itself: a session and its CSRF token, but no user yet.
    const login = { auth: auth({ bearer: false, csrf: true }), access: 'public' };
    expect(authSummary(login)).toBe('No sign-in needed; send the session’s CSRF token (from GET /api/auth/csrf)');
    expect(requiresSignIn(login)).toBe(false);

    expect(authSummary({ auth: auth({}), access: 'owner-or-staff' })).toBe('Required: an API key (Bearer) or a signed-in session: your own id, unless you are a moderator or admin');
  });
});
