import { describe, expect, it } from 'vitest';
import { usernameBase } from './service.js';

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
