import { describe, expect, it } from 'vitest';
import { LoginRequestSchema, RegisterRequestSchema } from './auth.js';
import { PASSWORD_RULE, USERNAME_RULE, UsernameSchema } from './users.js';

const valid = { username: 'ada_lovelace', email: 'ada@example.com', password: 'analytical-engine' };
const messages = (input: unknown) => {
  const result = RegisterRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('usernames', () => {
  it('folds compatibility forms (full-width letters) to plain ones and trims', () => {
    expect(UsernameSchema.parse('ＡＤＡ_１')).toBe('ADA_1');
    expect(UsernameSchema.parse('  ada.l-1  ')).toBe('ada.l-1');
  });

  it.each([
    ['a zero-width joiner', 'ad\u200Da'],
    ['a zero-width space', 'ada\u200B'],
    ['a Cyrillic a', '\u0430da'],
    ['a combining accent', 'ade\u0301'],
    ['a space', 'ada l'],
    ['two characters', 'ab'],
    ['31 characters', 'a'.repeat(31)],
  ])('refuses %s', (_name, username) => {
    expect(UsernameSchema.safeParse(username).error?.issues[0]?.message).toBe(USERNAME_RULE);
  });
});

describe('registration', () => {
  it('accepts a valid request', () => {
    expect(RegisterRequestSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['too short', 'nine-char'],
    ['too long', 'x'.repeat(64) + 'y'.repeat(65)],
    ['one character repeated', '!!!!!!!!!!!!'],
    ['the username in another case', 'ADA_LOVELACE'],
  ])('states the password rule for a password %s', (_name, password) => {
    expect(messages({ ...valid, password })).toEqual([`password: ${PASSWORD_RULE}`]);
  });

  it('accepts a 128-character password and normalises it like the login does', () => {
    const password = 'ﬁ'.repeat(3) + 'x'.repeat(10);
    const parsed = RegisterRequestSchema.parse({ ...valid, password });
    expect(parsed.password).toBe(LoginRequestSchema.parse({ username: 'ada', password }).password);
    expect(RegisterRequestSchema.safeParse({ ...valid, password: 'ab'.repeat(64) }).success).toBe(true);
  });

  it('names every missing field', () => {
    expect(messages({}).map((m) => m.split(':')[0])).toEqual(['username', 'email', 'password']);
  });
});
