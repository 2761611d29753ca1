import { proxy } from 'valtio';
import { getMe } from './api/get-me';
import { logout as logoutRequest } from './api/logout';
import type { AuthUser } from './types';

export type AuthDialogTab = 'login' | 'register';

interface AuthState {
  /** `undefined` while the session check runs, `null` when signed out. */
  user: AuthUser | null | undefined;
  loading: boolean;
  dialogOpen: boolean;
  dialogTab: AuthDialogTab;
}

/** Who is signed in, and whether the login dialog is showing. */
export const authState = proxy<AuthState>({ user: undefined, loading: true, dialogOpen: false, dialogTab: 'login' });

/** Checks the session cookie: the server names the user or null; no answer (or a failed one) means signed out. */
export async function loadSession(): Promise<void> {
  authState.loading = true;
  try {
    authState.user = await getMe();
  } catch {
    authState.user = null;
  } finally {
    authState.loading = false;
  }
}

export function setUser(user: AuthUser | null): void {
  authState.user = user;
  authState.loading = false;
}

/** Ends the session; the user is cleared even when the server call fails. */
export async function logout(): Promise<void> {
  try {
    await logoutRequest();
  } catch {
    // Signing out locally matters more than the server's answer.
  } finally {
    setUser(null);
  }
}

export function openLoginDialog(tab: AuthDialogTab = 'login'): void {
  authState.dialogTab = tab;
  authState.dialogOpen = true;
}

export function setLoginDialogOpen(open: boolean): void {
  authState.dialogOpen = open;
}

export function setLoginDialogTab(tab: AuthDialogTab): void {
  authState.dialogTab = tab;
}

/** Back to the state of a fresh page load (tests). */
export function resetAuth(): void {
  Object.assign(authState, { user: undefined, loading: true, dialogOpen: false, dialogTab: 'login' } satisfies AuthState);
}
