import { beforeEach, describe, expect, it, vi } from 'vitest';

// Count Argon2 verifications while keeping the real implementation.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      verifications.count += 1;
      return real.verify(...args);
    },
  };
});

const { hashPassword, verifyPassword } = await import('./passwords.js');

describe('verifyPassword', () => {
  beforeEach(() => {
    verifications.count = 0;
  });

  it('accepts the right password and refuses a wrong one, one Argon2 verification each', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'wrong password here')).toBe(false);
    expect(verifications.count).toBe(2);
  });

  // The answer time must not tell an unknown username from a wrong password: both pay one real verification.
  it.each([undefined, null, ''])('still runs one Argon2 verification when there is no stored hash (%s)', async (stored) => {
    expect(await verifyPassword(stored, 'any password at all')).toBe(false);
    expect(verifications.count).toBe(1);
  });

  it('treats a malformed stored hash as a failed sign-in', async () => {
    expect(await verifyPassword('not-a-phc-string', 'any password at all')).toBe(false);
  });
});
