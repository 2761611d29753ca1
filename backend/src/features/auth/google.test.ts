import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { usernameBase } from '../users/service.js';
import { safeReturnTo } from './google.js';

/** The parts of a request safeReturnTo reads. */
const requestWith = (query: Record<string, unknown>, referer?: string) =>
  ({ protocol: 'http', query, get: (name: string) => (name.toLowerCase() === 'host' ? 'cinema.test' : name.toLowerCase() === 'referer' ? referer : undefined) }) as unknown as Request;

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
  ])('%j with Referer %s → %s', (query, referer, expected) => {
    expect(safeReturnTo(requestWith(query, referer))).toBe(expected);
  });

  it('compares the Referer with PUBLIC_URL when it is set', () => {
    expect(safeReturnTo(requestWith({}, 'https://cinema.example/discovery'), 'https://cinema.example/')).toBe('/discovery');
    expect(safeReturnTo(requestWith({}, 'http://cinema.test/discovery'), 'https://cinema.example')).toBe('/');
  });
});

describe('usernames for Google accounts', () => {
  it.each([
    [{ email: 'Grace.Hopper@example.com', displayName: 'Grace Hopper' }, 'Grace.Hopper'],
    [{ email: 'gh@example.com', displayName: 'Grace Hopper' }, 'Grace.Hopper'],
    [{ email: 'José@example.com' }, 'Jose'],
    [{ displayName: '李小龍' }, 'user'],
    [{}, 'user'],
    [{ email: `${'a'.repeat(40)}@example.com` }, 'a'.repeat(25)],
  ])('%j → %s', (identity, expected) => {
    expect(usernameBase(identity)).toBe(expected);
  });
});
