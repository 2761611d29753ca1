import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { setUser } from '../store';
import type { AuthUser, LoginInput } from '../types';

/** POST /api/auth/login with username and password; answers the user. */
export function login(input: LoginInput): Promise<AuthUser> {
  return api.post('/api/auth/login', { body: input });
}

/** Signs in and puts the user in the auth store. */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: (user) => setUser(user) });
}
