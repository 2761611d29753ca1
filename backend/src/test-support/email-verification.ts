import { expect } from 'vitest';
import type { ApiClient } from './accounts.js';
import type { TestApp } from './app-fixture.js';

/** The token of the newest verification link the app mailed to `email`. */
export function lastVerificationToken(t: TestApp, email: string): string {
  const link = t.mailer.lastTo(email)?.link;
  expect(link, `no verification email to ${email}`).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

/** Verifies the signed-in client's email through the API: a new link, then its token. */
export async function verifyEmailThroughApi(t: TestApp, client: ApiClient, email: string): Promise<void> {
  await client.send('post', '/api/auth/verify-email/resend').expect(202);
  const res = await client.send('post', '/api/auth/verify-email', { token: lastVerificationToken(t, email) }).expect(200);
  expect(res.body.emailVerified).toBe(true);
}
