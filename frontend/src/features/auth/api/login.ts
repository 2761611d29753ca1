import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { setUser } from '../store';
import type { AuthUser, LoginInput } from '../types';

/** POST /api/auth/login with username and password; answers the user. */
export function login(input: LoginInput): Promise<AuthUser> {
  return apiFetch<AuthUser>('/api/auth/login', { method: 'POST', body: input });
}

/** Signs in and puts the user in the auth store. */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: (user) => setUser(user) });
}
