import { proxy, subscribe } from 'valtio';
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

/** Counts sign-ins and sign-outs, so a session check answered after one never undoes it. */
let sessionChanges = 0;

/**
 * Starts checking the session cookie now and returns what applies the answer: the server names the user or
 * null; no answer (or a failed one) means signed out. The app starts the check before its first render and
 * applies it once the page is hydrated (src/main.tsx); a sign-in or sign-out in between wins over it.
 */
export function checkSession(): () => Promise<void> {
  const since = sessionChanges;
  const answer = getMe();
  answer.catch(() => undefined); // handled below, when applied: never reported as unhandled meanwhile
  return async () => {
    let user: AuthUser | null;
    try {
      user = await answer;
    } catch {
      user = null;
    }
    if (sessionChanges === since) setUser(user);
  };
}

/** Checks the session cookie and applies the answer. */
export async function loadSession(): Promise<void> {
  authState.loading = true;
  await checkSession()();
}

export function setUser(user: AuthUser | null): void {
  sessionChanges += 1;
  authState.user = user;
  authState.loading = false;
}

/**
 * Starts signed out without a check's answer: the server saw no session cookie, so there is no session (it drew
 * its first paint so). Not a sign-out: a session check already under way still applies its answer.
 */
export function assumeSignedOut(): void {
  authState.user = null;
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

/** Who is signed in once the session check has answered: at once when it has, else on its answer. */
export function settledUser(): Promise<AuthUser | null> {
  const settled = () => !authState.loading && authState.user !== undefined;
  if (settled()) return Promise.resolve(authState.user ?? null);
  return new Promise((resolve) => {
    const stop = subscribe(authState, () => {
      if (!settled()) return;
      stop();
      resolve(authState.user ?? null);
    });
  });
}

/**
 * Runs a signed-in user's action, or opens the login dialog for someone signed out. A click made while the
 * session check is still out (right after a page load) waits for its answer instead of asking a signed-in
 * user to sign in.
 */
export async function whenSignedIn(action: (user: AuthUser) => void, tab: AuthDialogTab = 'login'): Promise<void> {
  const user = await settledUser();
  if (user) action(user);
  else openLoginDialog(tab);
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
