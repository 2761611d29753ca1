import type { VerificationSent } from '@cinema-dna/shared-types';
import { api } from '../../../lib/api-client-typed';
import { setUser } from '../store';
import type { AuthUser } from '../types';

/** POST /api/auth/verify-email with the token of an emailed link; answers the user, now verified. */
export async function verifyEmail(token: string): Promise<AuthUser> {
  const user = await api.post('/api/auth/verify-email', { body: { token } });
  setUser(user);
  return user;
}

/** POST /api/auth/verify-email/resend: mails a new link (earlier ones stop working). */
export function resendVerificationEmail(): Promise<VerificationSent> {
  return api.post('/api/auth/verify-email/resend');
}
