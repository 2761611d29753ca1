import { CSRF_HEADER } from '@cinema-dna/shared-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiFetch, fieldErrorsOf, setCsrfTokenSource } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiFetch', () => {
  it('sends JSON with the session cookie and parses the JSON answer', async () => {
    const fetchMock = stubFetch(200, JSON.stringify({ success: true }));
    await expect(apiFetch('/api/contact', { method: 'POST', body: { name: 'Ada' } })).resolves.toEqual({ success: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"Ada"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws "status: body text" and keeps the parsed error body', async () => {
    const body = { code: 'VALIDATION_FAILED', message: 'Request is invalid', details: [{ path: 'email', message: 'Enter a valid email address' }] };
    stubFetch(400, JSON.stringify(body));
    const error = await apiFetch('/api/contact', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(`400: ${JSON.stringify(body)}`);
    expect((error as ApiRequestError).body).toEqual(body);
    expect(fieldErrorsOf(error)).toEqual({ email: 'Enter a valid email address' });
  });

  it('falls back to the status text when the body is empty', async () => {
    stubFetch(502, '', 'Bad Gateway');
    await expect(apiFetch('/api/anything')).rejects.toThrow('502: Bad Gateway');
  });
});

describe('CSRF protection of writes', () => {
  const headersOf = (fetchMock: ReturnType<typeof vi.fn>, call: number) => (fetchMock.mock.calls[call] as unknown as [string, RequestInit])[1].headers as Record<string, string>;

  it('sends the session token on writes and nothing on reads', async () => {
    setCsrfTokenSource(async () => 'token-1');
    const fetchMock = stubFetch(200, '{}');
    await apiFetch('/api/contact', { method: 'POST', body: {} });
    await apiFetch('/api/trending');
    expect(headersOf(fetchMock, 0)[CSRF_HEADER]).toBe('token-1');
    expect(headersOf(fetchMock, 1)[CSRF_HEADER]).toBeUndefined();
  });

  it('adopts the new token the server sends when the session changes (sign-in)', async () => {
    setCsrfTokenSource(async () => 'before-login');
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200, headers: { [CSRF_HEADER]: 'after-login' } }));
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/api/auth/login', { method: 'POST', body: {} });
    await apiFetch('/api/connections/save', { method: 'POST', body: {} });
    expect(headersOf(fetchMock, 0)[CSRF_HEADER]).toBe('before-login');
    expect(headersOf(fetchMock, 1)[CSRF_HEADER]).toBe('after-login');
  });

  it('fetches a fresh token and retries once when the server refuses a stale one', async () => {
    const tokens = ['stale', 'fresh'];
    setCsrfTokenSource(async () => tokens.shift()!);
    const refusal = JSON.stringify({ code: 'FORBIDDEN', message: 'Missing or invalid CSRF token' });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(refusal, { status: 403 }))
      .mockResolvedValueOnce(new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/api/contact', { method: 'POST', body: {} })).resolves.toEqual({ ok: true });
    expect(headersOf(fetchMock, 1)[CSRF_HEADER]).toBe('fresh');
  });

  it('gives up after one retry', async () => {
    setCsrfTokenSource(async () => 'always-wrong');
    const refusal = JSON.stringify({ code: 'FORBIDDEN', message: 'Missing or invalid CSRF token' });
    const fetchMock = vi.fn(async () => new Response(refusal, { status: 403 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiFetch('/api/contact', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiRequestError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
