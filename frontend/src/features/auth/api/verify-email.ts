import type { VerificationSent } from '@cinema-dna/shared-types';
import { apiFetch } from '../../../lib/api-client';
import { setUser } from '../store';
import type { AuthUser } from '../types';

/** POST /api/auth/verify-email with the token of an emailed link; answers the user, now verified. */
export async function verifyEmail(token: string): Promise<AuthUser> {
  const user = await apiFetch<AuthUser>('/api/auth/verify-email', { method: 'POST', body: { token } });
  setUser(user);
  return user;
}

/** POST /api/auth/verify-email/resend: mails a new link (earlier ones stop working). */
export function resendVerificationEmail(): Promise<VerificationSent> {
  return apiFetch<VerificationSent>('/api/auth/verify-email/resend', { method: 'POST' });
}
