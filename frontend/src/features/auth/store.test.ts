import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assumeSignedOut, authState, checkSession, loadSession, logout, resetAuth, setUser, whenSignedIn } from './store';

beforeEach(() => resetAuth());
afterEach(() => vi.unstubAllGlobals());

const user = { id: 1, username: 'ada', displayName: 'ada', email: 'ada@example.com', emailVerified: true, createdAt: '2026-01-01T00:00:00.000Z', level: 1, points: 0, role: 'user' as const };

describe('auth store', () => {
  it('starts unknown and loading', () => {
    expect(authState.user).toBeUndefined();
    expect(authState.loading).toBe(true);
  });

  it('signs in from the user GET /api/auth/session names', async () => {
    const fetchMock = vi.fn(async () => Response.json({ user }));
    vi.stubGlobal('fetch', fetchMock);
    await loadSession();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/session', expect.anything());
    expect(authState.user).toEqual(user);
    expect(authState.loading).toBe(false);
  });

  it('is signed out when the session names nobody (a 200, so no failed request is logged)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ user: null })));
    await loadSession();
    expect(authState.user).toBeNull();
    expect(authState.loading).toBe(false);
  });

  it('is signed out on any other answer, such as a 404', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ code: 'NOT_FOUND', message: 'No API route' }, { status: 404 })));
    await loadSession();
    expect(authState.user).toBeNull();
    expect(authState.loading).toBe(false);
  });

  it('applies a session check started earlier, unless someone signed in or out meanwhile', async () => {
    // Started before the first render (signed out then), applied after hydration: a sign-in in between wins.
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ user: null })));
    const applyEarlyCheck = checkSession();
    setUser(user);
    await applyEarlyCheck();
    expect(authState.user).toEqual(user);

    const applyLaterCheck = checkSession();
    await applyLaterCheck();
    expect(authState.user).toBeNull();
  });

  it('clears the user on logout even when the server call fails', async () => {
    setUser(user);
    const fetchMock = vi.fn(async () => new Response('', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    await logout();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(authState.user).toBeNull();
  });

  it('runs a signed-in action after the session check answers, and asks to sign in only when it says signed out', async () => {
    const action = vi.fn();
    const during = whenSignedIn(action);
    await Promise.resolve();
    expect(action).not.toHaveBeenCalled();
    expect(authState.dialogOpen).toBe(false);
    setUser(user);
    await during;
    expect(action).toHaveBeenCalledWith(user);
    expect(authState.dialogOpen).toBe(false);

    resetAuth();
    const signedOut = whenSignedIn(action, 'register');
    assumeSignedOut();
    await signedOut;
    expect(action).toHaveBeenCalledTimes(1);
    expect(authState).toMatchObject({ dialogOpen: true, dialogTab: 'register' });
  });
});
