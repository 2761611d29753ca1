import { describe, expect, it } from 'vitest';
import { googleAuthPath, loginPagePath, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it.each(['/account/api-keys', '/entity/person/1?x=1#top', '/'])('keeps the same-site path %s', (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it('answers the normalised path, which is the one followed', () => {
    expect(safeReturnTo('/a/./b/../c?x=1')).toBe('/a/c?x=1');
  });

  it.each(['/.//evil.example', '/..//evil.example', '/%2e%2e//evil.example', 'https://evil.example/', '//evil.example', '/\\evil.example', 'account', '/login', '/login?returnTo=/x', '/api/auth/me', '/a b', '', null, undefined])(
    'refuses %s',
    (value) => {
      expect(safeReturnTo(value)).toBeUndefined();
    },
  );
});

describe('sign-in paths', () => {
  it('adds an encoded returnTo only when there is one', () => {
    expect(loginPagePath('/account/api-keys?tab=1')).toBe('/login?returnTo=%2Faccount%2Fapi-keys%3Ftab%3D1');
    expect(loginPagePath('/')).toBe('/login');
    expect(loginPagePath('//evil.example')).toBe('/login');
    expect(googleAuthPath('/account/api-keys')).toBe('/api/auth/google?returnTo=%2Faccount%2Fapi-keys');
    expect(googleAuthPath()).toBe('/api/auth/google');
  });
});
