import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane): about 30 ms a hash here,
 * cheap for one sign-in, expensive for an offline guesser.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A PHC string ("$argon2id$v=19$m=19456,..."); the salt is inside it. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown user, or a Google-only account)
 * a dummy hash is verified instead, so every failed sign-in takes about as long and the answer
 * time does not reveal whether the username exists.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await (dummyHash ??= hashPassword('not the password of anyone at all')), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a 500 that tells the account apart.
    return false;
  }
}
