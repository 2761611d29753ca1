import { afterEach, describe, expect, it } from 'vitest';
import { ImportInputError } from '../importer.js';
import { parseRetryAfter, TmdbAuthError, TmdbClient, TmdbRequestError } from './client.js';
import { RequestRateLimiter, type Clock } from './rate-limiter.js';
import { TmdbMovieDetailsSchema, TmdbMovieListPageSchema, TmdbPersonDetailsSchema } from './schemas.js';
import { answerTmdb, API_PREFIX, fixtureData, rateLimitBody, TEST_API_KEY, TEST_BEARER_TOKEN } from './test-fixtures/fake-tmdb.js';
import { startReplayServer, type ReplayServer, type Reply } from './test-fixtures/replay-server.js';

/** Virtual time: sleeping advances it at once, and every sleep is recorded. */
function fakeClock() {
  let now = 0;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      now += ms;
    },
  };
  return { clock, sleeps };
}

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(answer: (path: string, attempt: number) => Reply | undefined) {
  const data = fixtureData();
  const seen = new Map<string, number>();
  server = await startReplayServer((request) => {
    const attempt = (seen.get(request.path) ?? 0) + 1;
    seen.set(request.path, attempt);
    return answer(request.path.slice(API_PREFIX.length), attempt) ?? answerTmdb(data, request);
  });
  return `${server.url}${API_PREFIX}`;
}

describe('TmdbClient', () => {
  it('sends a v3 key as api_key and a v4 token as a Bearer header, and parses the body', async () => {
    const baseUrl = await serve(() => undefined);
    const v3 = new TmdbClient({ apiKey: TEST_API_KEY, baseUrl });
    const movie = await v3.get('/movie/550', TmdbMovieDetailsSchema, { append_to_response: 'credits,keywords' });
    expect(movie).toMatchObject({ id: 550, title: 'Fight Club', imdb_id: 'tt0137523' });
    expect(movie?.credits?.cast[1]).toMatchObject({ id: 287, name: 'Brad Pitt', character: 'Tyler Durden' });
    // Keys the importer does not read are dropped (the parsed body is what the crawl caches).
    expect(movie).not.toHaveProperty('budget');

    const v4 = new TmdbClient({ apiKey: TEST_BEARER_TOKEN, baseUrl });
    expect(await v4.get('/person/287', TmdbPersonDetailsSchema)).toMatchObject({ name: 'Brad Pitt', birthday: '1963-12-18' });
    const [first, second] = server!.requests;
    expect(first!.query.get('api_key')).toBe(TEST_API_KEY);
    expect(first!.headers.authorization).toBeUndefined();
    expect(second!.query.has('api_key')).toBe(false);
    expect(second!.headers.authorization).toBe(`Bearer ${TEST_BEARER_TOKEN}`);
  });

  it('answers null for a 404', async () => {
    const baseUrl = await serve(() => undefined);
    expect(await new TmdbClient({ apiKey: TEST_API_KEY, baseUrl }).get('/movie/999999', TmdbMovieDetailsSchema)).toBeNull();
  });

  it('fails at once with a clear error when TMDB rejects the key, without leaking it', async () => {
    const baseUrl = await serve(() => undefined);
    const client = new TmdbClient({ apiKey: 'not-a-valid-key', baseUrl });
    const error = await client.get('/movie/popular', TmdbMovieListPageSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmdbAuthError);
    expect((error as Error).message).toMatch(/^TMDB rejected the API key/);
    expect((error as Error).message).toContain('status_code 7: Invalid API key: You must be granted a valid key.');
    expect((error as Error).message).not.toContain('not-a-valid-key');
    expect(server!.requests).toHaveLength(1);
  });

  it('waits for Retry-After after a 429, then retries', async () => {
    const baseUrl = await serve((path, attempt) => (path === '/movie/550' && attempt === 1 ? { status: 429, headers: { 'retry-after': '1' }, body: rateLimitBody(41) } : undefined));
    const { clock, sleeps } = fakeClock();
    const movie = await new TmdbClient({ apiKey: TEST_API_KEY, baseUrl, clock }).get('/movie/550', TmdbMovieDetailsSchema);
    expect(movie?.title).toBe('Fight Club');
    expect(sleeps).toEqual([1000]);
    expect(server!.requests.map((r) => r.path)).toEqual(['/3/movie/550', '/3/movie/550']);
  });

  it('retries a 5xx with exponential backoff and gives up after maxRetries', async () => {
    const baseUrl = await serve((path, attempt) => (path === '/movie/550' && attempt <= 2 ? { status: 503, body: 'Service Unavailable' } : path === '/movie/120' ? { status: 500, body: '' } : undefined));
    const { clock, sleeps } = fakeClock();
    const client = new TmdbClient({ apiKey: TEST_API_KEY, baseUrl, clock, maxRetries: 3 });
    expect((await client.get('/movie/550', TmdbMovieDetailsSchema))?.id).toBe(550);
    expect(sleeps).toEqual([500, 1000]);
    const error = await client.get('/movie/120', TmdbMovieDetailsSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TmdbRequestError);
    expect((error as Error).message).toBe('TMDB GET /movie/120 failed: HTTP 500 (after 4 attempts)');
  });

  it('reports a body TMDB would never send as malformed input naming the request', async () => {
    const baseUrl = await serve((path) => (path === '/movie/550' ? { body: '<html>Bad gateway</html>' } : path === '/movie/120' ? { body: { id: 'x' } } : undefined));
    const client = new TmdbClient({ apiKey: TEST_API_KEY, baseUrl });
    await expect(client.get('/movie/550', TmdbMovieDetailsSchema)).rejects.toThrow(ImportInputError);
    await expect(client.get('/movie/550', TmdbMovieDetailsSchema)).rejects.toThrow(/^TMDB GET \/movie\/550: not a JSON body/);
    await expect(client.get('/movie/120', TmdbMovieDetailsSchema)).rejects.toThrow(/^TMDB GET \/movie\/120: unexpected body: id:/);
  });

  it('stops when its signal aborts', async () => {
    const baseUrl = await serve(() => ({ status: 429, headers: { 'retry-after': '30' }, body: rateLimitBody(41) }));
    const controller = new AbortController();
    const client = new TmdbClient({ apiKey: TEST_API_KEY, baseUrl, onRetry: () => controller.abort() });
    await expect(client.get('/movie/550', TmdbMovieDetailsSchema, {}, controller.signal)).rejects.toThrow(/abort/i);
  });

  it('never lets more than requestsPerSecond requests reach the server in any second', async () => {
    const baseUrl = await serve(() => undefined);
    const client = new TmdbClient({ apiKey: TEST_API_KEY, baseUrl, requestsPerSecond: 10 });
    // When each request leaves the client (its fetch call): what the client controls. The server's arrival
    // times add the loaded machine's network jitter, which is not the client's to keep.
    const sent: number[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (...args: Parameters<typeof fetch>) => {
      sent.push(performance.now());
      return realFetch(...args);
    };
    try {
      await Promise.all(Array.from({ length: 25 }, () => client.get('/person/287', TmdbPersonDetailsSchema)));
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(server!.requests).toHaveLength(25);
    expect(sent).toHaveLength(25);
    // Timers never fire early; 5 ms covers the millisecond clock the limiter reads.
    for (let i = 0; i + 10 < sent.length; i += 1) expect(sent[i + 10]! - sent[i]!).toBeGreaterThan(995);
  });
});

describe('RequestRateLimiter', () => {
  it('starts at most `limit` requests in any window, in arrival order', async () => {
    const { clock } = fakeClock();
    const limiter = new RequestRateLimiter(4, 1000, clock);
    const starts: Array<{ index: number; at: number }> = [];
    await Promise.all(Array.from({ length: 13 }, (_, index) => limiter.acquire().then(() => starts.push({ index, at: clock.now() }))));
    expect(starts.map((s) => s.index)).toEqual([...Array(13).keys()]);
    expect(starts.map((s) => s.at)).toEqual([0, 0, 0, 0, 1000, 1000, 1000, 1000, 2000, 2000, 2000, 2000, 3000]);
  });

  it('holds everyone back while paused', async () => {
    const { clock } = fakeClock();
    const limiter = new RequestRateLimiter(40, 1000, clock);
    limiter.pause(1500);
    await limiter.acquire();
    expect(clock.now()).toBe(1500);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('1')).toBe(1000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(5000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
