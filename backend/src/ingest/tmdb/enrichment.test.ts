import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTmdbEnricher, ENRICHMENT_TTL_MS, type EnrichmentCache } from './enrichment.js';
import { answerTmdb, API_PREFIX, fixtureData, TEST_API_KEY } from './test-fixtures/fake-tmdb.js';
import { startReplayServer, type ReplayServer, type Reply } from './test-fixtures/replay-server.js';

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(intercept: (path: string) => Reply | undefined = () => undefined) {
  const data = fixtureData();
  server = await startReplayServer((request) => intercept(request.path.slice(API_PREFIX.length)) ?? answerTmdb(data, request));
  return `${server.url}${API_PREFIX}`;
}

/** The KeyValueStore's get/set, in memory, recording the TTLs asked for. */
function memoryCache() {
  const values = new Map<string, string>();
  const ttls = new Map<string, number>();
  const cache: EnrichmentCache = {
    get: async (key) => values.get(key) ?? null,
    set: async (key, value, ttlMs) => {
      values.set(key, value);
      ttls.set(key, ttlMs);
    },
  };
  return { cache, values, ttls };
}

const logger = () => ({ warn: vi.fn() });

describe('createTmdbEnricher', () => {
  it('enriches a movie once, then answers from the cache for a day', async () => {
    const baseUrl = await serve();
    const { cache, ttls } = memoryCache();
    const enricher = createTmdbEnricher({ apiKey: TEST_API_KEY, baseUrl, cache });
    const first = await enricher.enrichMovie(550);
    expect(first).toMatchObject({ poster_path: '/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg', overview: expect.stringContaining('insomniac') as string, runtime: 139, year: 1999 });
    expect(server!.requests).toHaveLength(1);
    expect(server!.requests[0]!.query.has('append_to_response')).toBe(false);
    expect(ttls.get('tmdb:movie:550')).toBe(ENRICHMENT_TTL_MS);

    expect(await enricher.enrichMovie('550')).toEqual(first);
    expect(server!.requests).toHaveLength(1);
  });

  it('enriches a person with photo and biography; concurrent calls share one request', async () => {
    const baseUrl = await serve();
    const enricher = createTmdbEnricher({ apiKey: TEST_API_KEY, baseUrl, cache: memoryCache().cache });
    const [a, b] = await Promise.all([enricher.enrichPerson(287), enricher.enrichPerson(287)]);
    expect(a).toMatchObject({ profile_path: '/ajNaPmXVVMJFg9GWmu6MJzTaXdV.jpg', biography: expect.stringContaining('American actor') as string, birthday: '1963-12-18', place_of_birth: 'Shawnee, Oklahoma, USA' });
    expect(b).toEqual(a);
    expect(server!.requests).toHaveLength(1);
  });

  it('answers null without a request when no key is configured', async () => {
    const baseUrl = await serve();
    const enricher = createTmdbEnricher({ apiKey: '', baseUrl, cache: memoryCache().cache });
    expect(await enricher.enrichMovie(550)).toBeNull();
    expect(await enricher.enrichPerson(287)).toBeNull();
    expect(server!.requests).toHaveLength(0);
  });

  it('caches "not found" too', async () => {
    const baseUrl = await serve();
    const enricher = createTmdbEnricher({ apiKey: TEST_API_KEY, baseUrl, cache: memoryCache().cache });
    expect(await enricher.enrichPerson(999_999)).toBeNull();
    expect(await enricher.enrichPerson(999_999)).toBeNull();
    expect(server!.requests).toHaveLength(1);
  });

  it('never throws when TMDB fails: logs, answers null, and tries again next time', async () => {
    const baseUrl = await serve((path) => (path === '/movie/550' ? { status: 500, body: '' } : undefined));
    const log = logger();
    const { cache, values } = memoryCache();
    const enricher = createTmdbEnricher({ apiKey: TEST_API_KEY, baseUrl, cache, logger: log });
    expect(await enricher.enrichMovie(550)).toBeNull();
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ key: 'tmdb:movie:550' }), 'TMDB enrichment failed');
    expect(values.size).toBe(0);
    const before = server!.requests.length;
    expect(await enricher.enrichMovie(550)).toBeNull();
    expect(server!.requests.length).toBeGreaterThan(before);

    const rejected = createTmdbEnricher({ apiKey: 'wrong', baseUrl, cache, logger: log });
    expect(await rejected.enrichPerson(287)).toBeNull();
    expect(log.warn).toHaveBeenLastCalledWith(expect.objectContaining({ err: expect.objectContaining({ name: 'TmdbAuthError' }) as unknown }), 'TMDB enrichment failed');
  });

  it('still enriches when the cache is down', async () => {
    const baseUrl = await serve();
    const log = logger();
    const broken: EnrichmentCache = { get: () => Promise.reject(new Error('redis down')), set: () => Promise.reject(new Error('redis down')) };
    const enricher = createTmdbEnricher({ apiKey: TEST_API_KEY, baseUrl, cache: broken, logger: log });
    expect(await enricher.enrichPerson(287)).toMatchObject({ birthday: '1963-12-18' });
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});
