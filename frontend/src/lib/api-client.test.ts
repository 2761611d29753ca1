import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiFetch, fieldErrorsOf } from './api-client';

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
