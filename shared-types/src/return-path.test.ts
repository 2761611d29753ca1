import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.js';

const ORIGIN = 'https://cinema.example';

/** What a browser does with a Location of `path` sent by ORIGIN. */
const followed = (path: string) => new URL(path, `${ORIGIN}/`);

describe('safeReturnPath', () => {
  it.each([
    ['/', '/'],
    ['/account/api-keys', '/account/api-keys'],
    ['/entity/person/1?x=1#top', '/entity/person/1?x=1#top'],
    ['/profile?tab=badges', '/profile?tab=badges'],
    // Normalised, and what is returned is the normalised form.
    ['/a/./b/../c', '/a/c'],
    // Encoded slashes stay encoded: a path on this site, not a host.
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['/%0d%0aSet-Cookie:x', '/%0d%0aSet-Cookie:x'],
    ['/caf\u00e9', '/caf%C3%A9'],
  ])('keeps the same-site path %s as %s', (candidate, expected) => {
    expect(safeReturnPath(candidate)).toBe(expected);
  });

  const hostile = [
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/%2e//evil.example',
    '/a/../..//evil.example',
    '/././/evil.example/x?y#z',
    '//evil.example',
    '//evil',
    '///evil.example',
    '/\\evil',
    '\\\\evil',
    '\\/evil.example',
    '/\\/evil.example',
    '/\t/evil',
    '/\n/evil',
    '/\r\n/evil',
    '/\u0000/evil',
    '/ /evil',
    'https://evil',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,x',
    'evil.example',
    '',
    '/login',
    '/LOGIN',
    '/login/',
    '/login?returnTo=/x',
    '/./login',
    '/%6Cogin',
    '/api/auth/logout',
    '/API/users',
    '/api',
    '/x/../api/auth/me',
    `/${'a'.repeat(2000)}`,
    `/${'%2e%2e/'.repeat(400)}/evil.example`,
  ];

  it.each(hostile)('refuses %j', (candidate) => {
    expect(safeReturnPath(candidate)).toBeUndefined();
  });

  it.each([null, undefined, 7, ['/a'], { toString: () => '/a' }])('refuses the non-string %j', (candidate) => {
    expect(safeReturnPath(candidate)).toBeUndefined();
  });

  it('never answers anything that starts with // or leaves the origin, for hostile inputs and their encodings', () => {
    const variants = hostile.flatMap((value) => [value, encodeURI(value), value.replaceAll('/', '%2F'), value.replaceAll('.', '%2e'), `/x/..${value}`, `/.${value}`]);
    for (const candidate of variants) {
      const result = safeReturnPath(candidate);
      if (result === undefined) continue;
      expect(result.startsWith('//'), candidate).toBe(false);
      expect(result.startsWith('/\\'), candidate).toBe(false);
      expect(followed(result).origin, candidate).toBe(ORIGIN);
      expect(safeReturnPath(result), candidate).toBe(result);
    }
  });
});
