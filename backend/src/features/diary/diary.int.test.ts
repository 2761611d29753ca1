import { DiaryEntrySchema, DiaryListSchema, type DiaryEntryCreate, type DomainEventPayload } from '@cinema-dna/shared-types';
import { asc, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { domainEvents } from '../../platform/events/schema.js';
import { createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';
import { DIARY_NOTES_MAX } from '@cinema-dna/shared-types';

describe.each(databaseTargets())('film diary on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  const madMax: DiaryEntryCreate = { movieId: 'mad-max-fury-road-2015', movieTitle: 'Mad Max: Fury Road', watchedDate: '2025-06-01', rating: 4.5 };
  const heat: DiaryEntryCreate = { movieId: 'movie:heat-1995', movieTitle: 'Heat', watchedDate: '2026-01-10' };
  const newClient = async () => {
    const account = await createTestUser(t.users, { prefix: 'diarist' });
    return { ...account, client: await signedInClient(t.app, account.username) };
  };
  const listOf = async (client: ApiClient, query = '') => DiaryListSchema.parse((await client.send('get', `/api/diary${query}`).expect(200)).body).entries;
  const log = async (client: ApiClient, body: DiaryEntryCreate) => DiaryEntrySchema.parse((await client.send('post', '/api/diary', body).expect(201)).body);
  /** The diary events recorded for a user, in order. */
  const diaryEvents = async (userId: number) =>
    (await database.db.select().from(domainEvents).where(eq(domainEvents.aggregateKey, `user:${userId}`)).orderBy(asc(domainEvents.seq)))
      .filter((event) => event.name.startsWith('diary.'))
      .map((event) => ({ name: event.name, payload: event.payload }));

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('logs a film (201) with every field, lists it, and records diary.logged', async () => {
    const { user, client } = await newClient();
    expect(await listOf(client)).toEqual([]);
    const entry = await log(client, { ...madMax, notes: '  Witness me.  ', location: ' Prince Charles Cinema ', rewatch: true, posterPath: '/mm.jpg' });
    expect(entry).toEqual({
      id: expect.any(Number),
      movieId: 'mad-max-fury-road-2015',
      movieTitle: 'Mad Max: Fury Road',
      posterPath: '/mm.jpg',
      watchedDate: '2025-06-01',
      rating: 4.5,
      notes: 'Witness me.',
      location: 'Prince Charles Cinema',
      rewatch: true,
      isPrivate: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await listOf(client)).toEqual([entry]);
    expect(await diaryEvents(user.id)).toEqual([
      {
        name: 'diary.logged',
        payload: { userId: user.id, entryId: entry.id, movieId: 'mad-max-fury-road-2015', movieTitle: 'Mad Max: Fury Road', watchedDate: '2025-06-01', rating: 4.5, rewatch: true, isPrivate: false },
      },
    ]);
  });

  it('takes defaults: no rating (0 is none), empty notes and location are none, the movie: prefix is dropped', async () => {
    const { client } = await newClient();
    const entry = await log(client, { ...heat, rating: 0, notes: '   ', location: '' });
    expect(entry).toMatchObject({ movieId: 'heat-1995', rating: null, notes: null, location: null, rewatch: false, isPrivate: false, posterPath: null });
  });

  it('takes the catalog’s poster when the client sends none, and the client’s when it sends one', async () => {
    await database.db.execute(
      sql`insert into entities (key, source, type, name, popularity, details) values ('movie:jaws-1975', 'test-posters', 'movie', 'Jaws', 0, ${JSON.stringify({ poster_path: '/jaws.jpg' })}::jsonb) on conflict do nothing`,
    );
    const { client } = await newClient();
    const jaws = { movieId: 'jaws-1975', movieTitle: 'Jaws', watchedDate: '2025-07-04' };
    expect((await log(client, jaws)).posterPath).toBe('/jaws.jpg');
    expect((await log(client, { ...jaws, posterPath: '' })).posterPath).toBe('/jaws.jpg');
    expect((await log(client, { ...jaws, posterPath: '/mine.jpg' })).posterPath).toBe('/mine.jpg');
    // Moved to another film without a poster: the new film's (none here), not the old one's.
    const entry = await log(client, jaws);
    expect((await client.send('patch', `/api/diary/${entry.id}`, { movieId: 'heat-1995', movieTitle: 'Heat' }).expect(200)).body.posterPath).toBeNull();
    expect((await client.send('patch', `/api/diary/${entry.id}`, { movieId: 'jaws-1975', movieTitle: 'Jaws' }).expect(200)).body.posterPath).toBe('/jaws.jpg');
  });

  it('lists newest watched date first, then the newest entry of a day, and filters by year', async () => {
    const { client } = await newClient();
    const first = await log(client, { ...madMax, watchedDate: '2025-06-01' });
    const second = await log(client, { ...heat, watchedDate: '2026-01-10' });
    const third = await log(client, { ...heat, watchedDate: '2025-06-01', rewatch: true });
    const fourth = await log(client, { ...madMax, watchedDate: '2024-12-31' });
    expect((await listOf(client)).map((entry) => entry.id)).toEqual([second.id, third.id, first.id, fourth.id]);
    expect((await listOf(client, '?year=2025')).map((entry) => entry.id)).toEqual([third.id, first.id]);
    expect((await listOf(client, '?year=2024')).map((entry) => entry.id)).toEqual([fourth.id]);
    expect((await listOf(client, '?year=202')).map((entry) => entry.id)).toEqual([second.id, third.id, first.id, fourth.id]);
    expect(await listOf(client, '?year=1999')).toEqual([]);
    const bad = await client.send('get', '/api/diary?year=20x5').expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', details: expect.any(Array) });
  });

  it('edits an entry (any field), records diary.withdrawn when it becomes private, and deletes it (204)', async () => {
    const { user, client } = await newClient();
    const entry = await log(client, madMax);
    const edited = DiaryEntrySchema.parse((await client.send('patch', `/api/diary/${entry.id}`, { rating: 3, notes: 'Better the second time.', watchedDate: '2025-06-02' }).expect(200)).body);
    expect(edited).toMatchObject({ id: entry.id, rating: 3, notes: 'Better the second time.', watchedDate: '2025-06-02', movieId: 'mad-max-fury-road-2015', isPrivate: false });
    const cleared = (await client.send('patch', `/api/diary/${entry.id}`, { rating: 0, notes: '' }).expect(200)).body;
    expect(cleared).toMatchObject({ rating: null, notes: null });
    const moved = (await client.send('patch', `/api/diary/${entry.id}`, { movieId: 'movie:heat-1995', movieTitle: 'Heat' }).expect(200)).body;
    expect(moved).toMatchObject({ movieId: 'heat-1995', movieTitle: 'Heat' });
    await client.send('patch', `/api/diary/${entry.id}`, { isPrivate: true }).expect(200);
    await client.send('patch', `/api/diary/${entry.id}`, { isPrivate: true }).expect(200);
    await client.send('patch', `/api/diary/${entry.id}`, { isPrivate: false }).expect(200);
    // Every edit says what the entry is now; only the first change to private withdraws it.
    const edit = (changes: Partial<DomainEventPayload<'diary.edited'>>) => ({
      name: 'diary.edited',
      payload: { userId: user.id, entryId: entry.id, movieId: 'heat-1995', watchedDate: '2025-06-02', rating: null, rewatch: false, isPrivate: false, ...changes },
    });
    const withdrawn = { name: 'diary.withdrawn', payload: { userId: user.id, entryId: entry.id } };
    const editsSoFar = [
      expect.objectContaining({ name: 'diary.logged' }),
      edit({ movieId: 'mad-max-fury-road-2015', rating: 3 }),
      edit({ movieId: 'mad-max-fury-road-2015' }),
      edit({}),
      edit({ isPrivate: true }),
      withdrawn,
      edit({ isPrivate: true }),
      edit({}),
    ];
    expect(await diaryEvents(user.id)).toEqual(editsSoFar);

    await client.send('delete', `/api/diary/${entry.id}`).expect(204);
    expect(await listOf(client)).toEqual([]);
    expect(await diaryEvents(user.id)).toEqual([...editsSoFar, withdrawn]);
    const gone = await client.send('delete', `/api/diary/${entry.id}`).expect(404);
    expect(gone.body).toEqual({ code: 'NOT_FOUND', message: 'Diary entry not found', details: {} });
  });

  it('keeps each user’s entries their own: another’s entry is a 404 to read, edit or delete', async () => {
    const a = await newClient();
    const b = await newClient();
    const entry = await log(a.client, madMax);
    expect(await listOf(b.client)).toEqual([]);
    const patch = await b.client.send('patch', `/api/diary/${entry.id}`, { rating: 1 }).expect(404);
    expect(patch.body).toMatchObject({ code: 'NOT_FOUND', message: 'Diary entry not found' });
    await b.client.send('delete', `/api/diary/${entry.id}`).expect(404);
    expect(await listOf(a.client)).toEqual([entry]);
    await b.client.send('patch', '/api/diary/2147483000', { rating: 1 }).expect(404);
  });

  describe('bad input', () => {
    let client: ApiClient;
    let entryId: number;
    beforeAll(async () => {
      client = (await newClient()).client;
      entryId = (await log(client, madMax)).id;
    });

    it.each([
      ['no movie', { movieTitle: 'Heat', watchedDate: '2025-01-01' }],
      ['an empty movie id', { ...heat, movieId: '  ' }],
      ['no title', { movieId: 'heat-1995', watchedDate: '2025-01-01' }],
      ['no date', { movieId: 'heat-1995', movieTitle: 'Heat' }],
      ['a date not on the calendar (2026-02-30)', { ...heat, watchedDate: '2026-02-30' }],
      ['a date in another format', { ...heat, watchedDate: '10/01/2026' }],
      ['a date before 1870', { ...heat, watchedDate: '1869-12-31' }],
      ['a date in the future', { ...heat, watchedDate: '2999-01-01' }],
      ['a rating of 6', { ...heat, rating: 6 }],
      ['a rating of 0.3', { ...heat, rating: 0.3 }],
      ['a negative rating', { ...heat, rating: -1 }],
      ['a rating as text', { ...heat, rating: '4' }],
      ['oversize notes', { ...heat, notes: 'x'.repeat(DIARY_NOTES_MAX + 1) }],
      ['an oversize location', { ...heat, location: 'x'.repeat(201) }],
      ['rewatch as text', { ...heat, rewatch: 'yes' }],
      ['notes with NUL', { ...heat, notes: 'a\u0000b' }],
    ])('refuses %s with 400 and writes nothing', async (_name, body) => {
      const res = await client.send('post', '/api/diary', body).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), details: expect.any(Array) });
      expect(await listOf(client)).toHaveLength(1);
    });

    it('says which field is wrong, with the spec’s text for a missing movie', async () => {
      const res = await client.send('post', '/api/diary', { ...heat, movieId: '' }).expect(400);
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'movieId', message: 'Please select a movie to log.' })]));
    });

    it('accepts notes of exactly the limit and the last day of February in a leap year', async () => {
      const entry = await log(client, { ...heat, notes: 'x'.repeat(DIARY_NOTES_MAX), watchedDate: '2024-02-29' });
      await client.send('delete', `/api/diary/${entry.id}`).expect(204);
    });

    it('refuses a movie the catalog does not hold with 404, on create and edit', async () => {
      const res = await client.send('post', '/api/diary', { ...heat, movieId: 'no-such-film-1999' }).expect(404);
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'The requested movie could not be found.', details: {} });
      await client.send('post', '/api/diary', { ...heat, movieId: 'person:tom-hanks' }).expect(404);
      await client.send('patch', `/api/diary/${entryId}`, { movieId: 'no-such-film-1999' }).expect(404);
      expect(await listOf(client)).toHaveLength(1);
    });

    it.each([
      ['an empty body', {}],
      ['a rating of 6', { rating: 6 }],
      ['a rating of 0.3', { rating: 0.3 }],
      ['a bad date', { watchedDate: '2026-02-30' }],
      ['oversize notes', { notes: 'x'.repeat(DIARY_NOTES_MAX + 1) }],
      ['an empty title', { movieTitle: ' ' }],
    ])('refuses an edit with %s (400)', async (_name, body) => {
      await client.send('patch', `/api/diary/${entryId}`, body).expect(400);
      expect((await listOf(client))[0]).toMatchObject({ rating: 4.5, watchedDate: '2025-06-01' });
    });

    it('refuses bad entry ids with 400 and anonymous callers with 401', async () => {
      await client.send('patch', '/api/diary/abc', { rating: 1 }).expect(400);
      await client.send('delete', '/api/diary/-1').expect(400);
      await request(t.app).get('/api/diary').expect(401);
      await request(t.app).post('/api/diary').send(heat).expect(401);
    });
  });
});
