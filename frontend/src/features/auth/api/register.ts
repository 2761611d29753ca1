import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { setUser } from '../store';
import type { AuthUser, RegisterInput } from '../types';

/** POST /api/auth/register with username, email and password; answers the new user, signed in. */
export function register(input: RegisterInput): Promise<AuthUser> {
  return api.post('/api/auth/register', { body: input });
}

/** Creates the account and puts the user in the auth store. */
export function useRegister() {
  return useMutation({ mutationFn: register, onSuccess: (user) => setUser(user) });
}
