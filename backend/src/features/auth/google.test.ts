import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './google.js';
import { requestOrigin } from './origin.js';

/** The parts of a request safeReturnTo reads. */
const requestWith = (query: Record<string, unknown>, referer?: string, headers: Record<string, string> = { host: 'cinema.test' }) =>
  ({
    protocol: 'https',
    query,
    headers,
    socket: {},
    get: (name: string) => (name.toLowerCase() === 'referer' ? referer : headers[name.toLowerCase()]),
  }) as unknown as Request;

describe('safeReturnTo', () => {
  it.each([
    [{ returnTo: '/profile?tab=badges#top' }, undefined, '/profile?tab=badges#top'],
    [{}, 'http://cinema.test/entity/person/tom-hanks', '/entity/person/tom-hanks'],
    [{}, undefined, '/'],
    [{ returnTo: '//evil.example/x' }, undefined, '/'],
    [{ returnTo: '/\\evil.example' }, undefined, '/'],
    [{ returnTo: 'https://evil.example/' }, undefined, '/'],
    [{ returnTo: 'javascript:alert(1)' }, undefined, '/'],
    [{ returnTo: '/%0d%0aSet-Cookie:x' }, undefined, '/%0d%0aSet-Cookie:x'],
    [{ returnTo: '/path\r\nSet-Cookie: x' }, undefined, '/'],
    [{ returnTo: '/login' }, undefined, '/'],
    [{ returnTo: '/api/auth/logout' }, undefined, '/'],
    [{ returnTo: ['/a', '/b'] }, undefined, '/'],
    [{}, 'https://evil.example/profile', '/'],
    [{}, 'http://cinema.test.evil.example/profile', '/'],
    [{}, 'not a url', '/'],
    // Checked after normalisation: these look like paths but are followed as //evil.example.
    [{ returnTo: '/.//evil.example' }, undefined, '/'],
    [{ returnTo: '/..//evil.example' }, undefined, '/'],
    [{ returnTo: '/%2e%2e//evil.example' }, undefined, '/'],
    [{ returnTo: '/a/./b/../c' }, undefined, '/a/c'],
    [{}, 'http://cinema.test/.//evil.example', '/'],
  ])('%j with Referer %s → %s', (query, referer, expected) => {
    expect(safeReturnTo(requestWith(query, referer))).toBe(expected);
  });

  it('compares the Referer with PUBLIC_URL when it is set', () => {
    expect(safeReturnTo(requestWith({}, 'https://cinema.example/discovery'), 'https://cinema.example/')).toBe('/discovery');
    expect(safeReturnTo(requestWith({}, 'http://cinema.test/discovery'), 'https://cinema.example')).toBe('/');
  });
});

describe('requestOrigin', () => {
  it('is PUBLIC_URL when set, whatever the request says', () => {
    expect(requestOrigin(requestWith({}, undefined, { host: 'evil.example', 'x-forwarded-host': 'evil.example' }), 'https://cinema.example/')).toBe('https://cinema.example');
  });

  it('is the Host header without PUBLIC_URL, never the forwarded host or protocol', () => {
    const req = requestWith({}, undefined, { host: 'localhost:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect(requestOrigin(req)).toBe('http://localhost:3000');
  });

  it.each(['evil.example/path', 'user@evil.example', 'a b', 'evil.example#x', 'evil.example\\x', ''])('refuses the Host header %j', (host) => {
    expect(requestOrigin(requestWith({}, undefined, { host }))).toBeUndefined();
  });
});
