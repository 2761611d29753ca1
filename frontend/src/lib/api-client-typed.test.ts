import { CSRF_HEADER } from '@cinema-dna/shared-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, fieldErrorsOf, setCsrfTokenSource } from './api-client';
import { api, apiUrl } from './api-client-typed';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiUrl', () => {
  it('fills the path parameters, encoded', () => {
    expect(apiUrl('/api/entity/:type/:id/reviews', { type: 'movie', id: 'a b/c?d' })).toBe('/api/entity/movie/a%20b%2Fc%3Fd/reviews');
    expect(apiUrl('/api/users/:id/watchlist', { id: 7 })).toBe('/api/users/7/watchlist');
  });

  it('writes the defined query values in the caller’s order and leaves the absent ones out', () => {
    expect(apiUrl('/api/leaderboards/global', undefined, { period: 'monthly', limit: undefined, metric: 'efficiency', x: null })).toBe('/api/leaderboards/global?period=monthly&metric=efficiency');
    expect(apiUrl('/api/search', undefined, { q: 'tom & jerry', limit: 3, exact: false })).toBe('/api/search?q=tom+%26+jerry&limit=3&exact=false');
    expect(apiUrl('/api/watchlist', undefined, {})).toBe('/api/watchlist');
  });

  it('refuses a path parameter without a value rather than sending a literal ":name"', () => {
    expect(() => apiUrl('/api/users/:id/watchlist', {})).toThrow('/api/users/:id/watchlist: no value for :id');
  });
});

describe('api', () => {
  it('sends a read with the session cookie, the caller’s abort signal and no CSRF token, and parses the answer', async () => {
    const fetchMock = stubFetch(200, JSON.stringify({ items: [] }));
    const controller = new AbortController();
    await expect(api.get('/api/users/:id/watchlist', { params: { id: 3 }, signal: controller.signal })).resolves.toEqual({ items: [] });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/3/watchlist');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    expect(init?.signal).toBe(controller.signal);
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>)[CSRF_HEADER]).toBeUndefined();
  });

  it('sends a write’s body as JSON with the CSRF token, and answers undefined for an empty 204', async () => {
    setCsrfTokenSource(async () => 'token-typed');
    const fetchMock = stubFetch(204, '');
    await expect(api.delete('/api/watchlist/:movieId', { params: { movieId: 'movie:heat-1995' } })).resolves.toBeUndefined();
    await api.post('/api/watched', { body: { movieId: 'heat-1995', movieTitle: 'Heat', posterPath: null, rating: 4 } });
    const [deleteUrl, deleteInit] = fetchMock.mock.calls[0]!;
    expect(deleteUrl).toBe('/api/watchlist/movie%3Aheat-1995');
    expect(deleteInit?.method).toBe('DELETE');
    const [, postInit] = fetchMock.mock.calls[1]!;
    expect(postInit?.method).toBe('POST');
    expect(postInit?.body).toBe('{"movieId":"heat-1995","movieTitle":"Heat","posterPath":null,"rating":4}');
    const headers = postInit?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers[CSRF_HEADER]).toBe('token-typed');
  });

  it('maps a refusal to an ApiRequestError carrying the server’s { code, message, details }', async () => {
    const body = { code: 'VALIDATION_FAILED', message: 'Watchlist item is invalid', details: [{ path: 'movieTitle', message: 'Required' }] };
    stubFetch(400, JSON.stringify(body), 'Bad Request');
    const error = await api.post('/api/watchlist', { body: { movieId: 'x', movieTitle: '', posterPath: null } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 400, message: `400: ${JSON.stringify(body)}`, body, serverMessage: 'Watchlist item is invalid' });
    expect(fieldErrorsOf(error)).toEqual({ movieTitle: 'Required' });
  });

  it('maps a failure without a JSON body to the status text, with no body', async () => {
    stubFetch(502, '', 'Bad Gateway');
    const error = await api.get('/api/watchlist').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, message: '502: Bad Gateway', body: undefined });
  });
});
