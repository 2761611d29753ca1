import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiaryListSchema, IMPORT_MAX_BYTES, ImportPreviewSchema, ImportSummarySchema, WatchlistSchema, type ImportPreview } from '@cinema-dna/shared-types';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-fixtures', 'letterboxd');
const FILES = ['diary.csv', 'ratings.csv', 'watched.csv', 'watchlist.csv', 'reviews.csv'] as const;
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
/** The fixture export as Letterboxd ships it: one zip of its CSVs. */
const exportZip = () => Buffer.from(zipSync(Object.fromEntries(FILES.map((name) => [name, new Uint8Array(fixture(name))]))));
/**
 * A member's whole export in Letterboxd's real layout (columns as Letterboxd writes them): 34 diary rows
 * (31 films of the catalog, 'The Host' without a year, 2 films the catalog lacks), 5 reviews whose URIs
 * differ from their diary rows' (Se7en reviewed twice for one viewing), a rating and a watched row per
 * film, and 12 films on the watchlist.
 */
const MEMBER_EXPORT = path.join(FIXTURES, '..', 'letterboxd-export');
const memberFile = (name: string) => readFileSync(path.join(MEMBER_EXPORT, name));
const memberZip = () => Buffer.from(zipSync(Object.fromEntries(FILES.map((name) => [name, new Uint8Array(memberFile(name))]))));
const memberCsv = (name: string) => parse(memberFile(name), { columns: true }) as Record<string, string>[];

describe.each(databaseTargets())('Letterboxd import and export on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  const newClient = async () => {
    const account = await createTestUser(t.users, { prefix: 'boxd' });
    return { ...account, client: await signedInClient(t.app, account.username) };
  };
  const upload = (client: ApiClient, body: Buffer, name: string, type = name.endsWith('.zip') ? 'application/zip' : 'text/csv') =>
    client.send('post', `/api/diary/import?name=${encodeURIComponent(name)}`).set('Content-Type', type).send(body);
  const preview = async (client: ApiClient, body: Buffer, name: string) => ImportPreviewSchema.parse((await upload(client, body, name).expect(200)).body);
  const commit = async (client: ApiClient, importId: string, choices: Record<string, string | null> = {}) =>
    ImportSummarySchema.parse((await client.send('post', `/api/diary/import/${importId}/commit`, { choices }).expect(200)).body);
  const diaryOf = async (client: ApiClient) => DiaryListSchema.parse((await client.send('get', '/api/diary').expect(200)).body).entries;
  const watchlistOf = async (client: ApiClient) => WatchlistSchema.parse((await client.send('get', '/api/watchlist').expect(200)).body).items;
  /** Everything an import may write for a user, counted in the tables. */
  const rowCounts = async (userId: number) => {
    const count = async (table: string) => {
      const result = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table} where user_id = ${userId}`))) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    return { diary: await count('diary_entries'), watchlist: await count('watchlist_items'), reviews: await count('reviews'), events: await countEvents(userId) };
  };
  /** Events an import must not record: feed items for followers and points. */
  const countEvents = async (userId: number) => {
    const result = (await database.db.execute(sql`select count(*)::int as n from domain_events where aggregate_key = ${`user:${userId}`} and name in ('diary.logged', 'watchlist.added', 'review.created')`)) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };
  const filmOf = (result: ImportPreview, key: string) => result.films.find((film) => film.key === key)!;

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

  it('previews a whole export: files, matched, ambiguous and unmatched films; nothing written yet', async () => {
    const { user, client } = await newClient();
    const result = await preview(client, exportZip(), 'letterboxd-someone-2026-11-27.zip');
    expect(result.files).toEqual([
      { name: 'diary.csv', rows: 8 },
      { name: 'ratings.csv', rows: 3 },
      { name: 'watched.csv', rows: 5 },
      { name: 'watchlist.csv', rows: 3 },
      { name: 'reviews.csv', rows: 3 },
    ]);
    expect(result.counts).toEqual({ matched: 10, ambiguous: 1, unmatched: 3 });
    expect(result.warnings).toEqual([]);
    expect(filmOf(result, 'heat|1995')).toEqual({
      key: 'heat|1995',
      name: 'Heat',
      year: 1995,
      status: 'matched',
      match: { movieId: 'heat-1995', title: 'Heat', year: 1995, posterPath: null },
      candidates: [],
      rows: { 'diary.csv': 2, 'ratings.csv': 1, 'watched.csv': 1 },
    });
    expect(filmOf(result, 'don|')).toMatchObject({
      status: 'ambiguous',
      match: null,
      candidates: [
        { movieId: 'don-1978', title: 'Don', year: 1978 },
        { movieId: 'don-2006', title: 'Don', year: 2006 },
      ],
    });
    expect(filmOf(result, 'don|1978')).toMatchObject({ status: 'matched', match: { movieId: 'don-1978' } });
    expect(filmOf(result, 'apollo 13|1996')).toMatchObject({ status: 'matched', match: { movieId: 'apollo-13-1995' } });
    expect(filmOf(result, 'schindlers list|1993')).toMatchObject({ status: 'matched', match: { movieId: 'schindlers-list-1993' } });
    expect(result.films.filter((film) => film.status === 'unmatched').map((film) => film.name)).toEqual(['The Nonexistent Picture', 'Another Unknown Film', 'Yet Another Missing Movie']);
    expect(await rowCounts(user.id)).toEqual({ diary: 0, watchlist: 0, reviews: 0, events: 0 });
  });

  it('commits in one go: diary entries with half stars, rewatches and review notes; watched marks; watchlist; reviews; no events', async () => {
    const { user, client } = await newClient();
    const result = await preview(client, exportZip(), 'export.zip');
    const summary = await commit(client, result.importId, { 'don|': 'don-2006', 'the nonexistent picture|2021': null });
    expect(summary).toEqual({
      counts: { matched: 10, ambiguous: 1, unmatched: 3 },
      // Diary: 7 rows of diary.csv (the unmatched one skipped) + Casablanca's dated review. Ratings: Heat, The Matrix, Jaws.
      // Watched: Casablanca. Watchlist: Parasite, Seven Samurai. Reviews: Mad Max, Casablanca (Jaws's has no rating).
      added: { diary: 8, ratings: 3, watched: 1, watchlist: 2, reviews: 2 },
      // The unmatched films' 3 rows, and Jaws's review without a rating or a watched date; nothing imported before.
      skipped: 4,
      skippedRows: { alreadyImported: 0, notImported: 3, nothingToImport: 1 },
    });
    const diary = await diaryOf(client);
    expect(diary.map((entry) => [entry.movieId, entry.watchedDate, entry.rating, entry.rewatch])).toEqual([
      ['casablanca-1942', '2025-07-31', 4, false],
      ['schindlers-list-1993', '2025-06-01', 0.5, false],
      ['apollo-13-1995', '2025-05-02', 3, false],
      ['don-1978', '2025-04-01', null, false],
      ['don-2006', '2025-03-14', 4, false],
      ['mad-max-fury-road-2015', '2025-03-01', 3.5, false],
      ['heat-1995', '2025-02-09', 5, true],
      ['heat-1995', '2025-01-04', 4.5, false],
    ]);
    // The catalog's titles, and the review's text as the entry's notes.
    expect(diary.find((entry) => entry.movieId === 'schindlers-list-1993')!.movieTitle).toBe("Schindler's List");
    expect(diary.find((entry) => entry.movieId === 'mad-max-fury-road-2015')!.notes).toBe('Chrome, sand and a "war rig" —\ntwo hours of one chase.');
    expect(diary.find((entry) => entry.movieId === 'casablanca-1942')!.notes).toBe("Here's looking at you.");

    const watchlist = await watchlistOf(client);
    expect(Object.fromEntries(watchlist.map((item) => [item.movieId, [item.watched, item.rating]]))).toEqual({
      'heat-1995': [true, 4.5],
      'the-matrix-1999': [true, 5],
      'jaws-1975': [true, 3.5],
      'casablanca-1942': [true, null],
      'parasite-2019': [false, null],
      'seven-samurai-1954': [false, null],
    });
    expect(watchlist.find((item) => item.movieId === 'the-matrix-1999')!.watchedAt).toBe('2024-11-11T00:00:00.000Z');

    const reviews = (await request(t.app).get(`/api/users/${user.id}/reviews`).expect(200)).body as { reviews: { entityId: string; rating: number; title: string; content: string }[] };
    expect(Object.fromEntries(reviews.reviews.map((review) => [review.entityId, [review.rating, review.title]]))).toEqual({
      // 3.5 stars rounded up: reviews have whole stars.
      'mad-max-fury-road-2015': [4, 'Mad Max: Fury Road (2015)'],
      'casablanca-1942': [4, 'Casablanca (1942)'],
    });
    // Imports record no events: no feed items for followers, no points.
    expect(await countEvents(user.id)).toBe(0);
    await t.events.settled();
    const awards = (await client.send('get', '/api/users/me/points?limit=50').expect(200)).body.entries as { reason: string }[];
    expect(awards.map((award) => award.reason)).toEqual(['daily_login']);
  });

  it('adds nothing when the same export is imported again, and keeps rows that were there before', async () => {
    const { user, client } = await newClient();
    // Already there: Parasite on the watchlist, and a review of Casablanca (its rating stays).
    await client.send('post', '/api/watchlist', { movieId: 'parasite-2019', movieTitle: 'Parasite' }).expect(201);
    await client.send('post', '/api/reviews', { entityId: 'casablanca-1942', entityType: 'movie', rating: 2, title: 'Mine', content: 'Written in the app.' }).expect(201);
    const first = await commit(client, (await preview(client, exportZip(), 'export.zip')).importId);
    expect(first.added).toEqual({ diary: 7, ratings: 3, watched: 1, watchlist: 1, reviews: 1 });
    const before = await rowCounts(user.id);
    const second = await commit(client, (await preview(client, exportZip(), 'export.zip')).importId);
    expect(second.added).toEqual({ diary: 0, ratings: 0, watched: 0, watchlist: 0, reviews: 0 });
    expect(await rowCounts(user.id)).toEqual(before);
    // One CSV alone is deduped the same way.
    const diaryAgain = await commit(client, (await preview(client, fixture('diary.csv'), 'diary.csv')).importId);
    expect(diaryAgain.added.diary).toBe(0);
    const reviews = (await request(t.app).get(`/api/users/${user.id}/reviews`).expect(200)).body.reviews as { entityId: string; title: string }[];
    expect(reviews.find((review) => review.entityId === 'casablanca-1942')!.title).toBe('Mine');
  });

  it('round-trips: the export of a diary, imported into another account, gives the same entries; importing it back adds nothing', async () => {
    const a = await newClient();
    await a.client.send('post', '/api/diary', { movieId: 'heat-1995', movieTitle: 'Heat', watchedDate: '2026-01-10', rating: 4.5, notes: 'Diner scene, "again", still great.', rewatch: true }).expect(201);
    await a.client.send('post', '/api/diary', { movieId: 'heat-1995', movieTitle: 'Heat', watchedDate: '2026-01-10', rating: 4 }).expect(201);
    await a.client.send('post', '/api/diary', { movieId: 'don-2006', movieTitle: 'Don', watchedDate: '2025-12-31' }).expect(201);
    await a.client.send('post', '/api/diary', { movieId: 'jaws-1975', movieTitle: 'Jaws', watchedDate: '1990-07-04', rating: 0.5, isPrivate: true }).expect(201);
    const exported = await a.client.send('get', '/api/diary/export.csv').expect(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename=cinema-dna-diary.csv');
    const records = parse(exported.text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!)).toEqual(['Title', 'Year', 'imdbID', 'tmdbID', 'WatchedDate', 'Rating10', 'Rewatch', 'Tags', 'Review']);
    expect(records).toEqual([
      { Title: 'Jaws', Year: '1975', imdbID: '', tmdbID: '', WatchedDate: '1990-07-04', Rating10: '1', Rewatch: 'false', Tags: '', Review: '' },
      { Title: 'Don', Year: '2006', imdbID: '', tmdbID: '', WatchedDate: '2025-12-31', Rating10: '', Rewatch: 'false', Tags: '', Review: '' },
      { Title: 'Heat', Year: '1995', imdbID: '', tmdbID: '', WatchedDate: '2026-01-10', Rating10: '9', Rewatch: 'true', Tags: '', Review: 'Diner scene, "again", still great.' },
      { Title: 'Heat', Year: '1995', imdbID: '', tmdbID: '', WatchedDate: '2026-01-10', Rating10: '8', Rewatch: 'false', Tags: '', Review: '' },
    ]);

    const b = await newClient();
    const result = await preview(b.client, Buffer.from(exported.text), 'cinema-dna-diary.csv');
    expect(result.counts).toEqual({ matched: 3, ambiguous: 0, unmatched: 0 });
    expect((await commit(b.client, result.importId)).added.diary).toBe(4);
    const strip = (entries: Awaited<ReturnType<typeof diaryOf>>) =>
      entries.map(({ movieId, movieTitle, watchedDate, rating, notes, rewatch }) => ({ movieId, movieTitle, watchedDate, rating, notes, rewatch })).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
    expect(strip(await diaryOf(b.client))).toEqual(strip(await diaryOf(a.client)));

    const back = await commit(a.client, (await preview(a.client, Buffer.from(exported.text), 'cinema-dna-diary.csv')).importId);
    expect(back.added.diary).toBe(0);
    expect(await diaryOf(a.client)).toHaveLength(4);
  });

  it('matches by TMDB and IMDb id when the catalog knows them, and exports them', async () => {
    await database.db.execute(
      sql`insert into entities (key, source, type, name, popularity, details) values ('movie:the-matrix-1999', 'test-ids', 'movie', 'The Matrix', 0, ${JSON.stringify({ tmdb_id: 603, imdb_id: 'tt0133093' })}::jsonb) on conflict do nothing`,
    );
    const { client } = await newClient();
    const body = Buffer.from('Title,Year,imdbID,tmdbID,WatchedDate,Rating10,Rewatch\nMatrix (Remastered),2021,,603,2025-01-01,10,false\nUntitled,,tt0133093,,2025-01-02,,false\n');
    const result = await preview(client, body, 'import.csv');
    expect(result.films.map((film) => [film.key, film.status, film.match?.movieId])).toEqual([
      ['tmdb:603', 'matched', 'the-matrix-1999'],
      ['imdb:tt0133093', 'matched', 'the-matrix-1999'],
    ]);
    expect((await commit(client, result.importId)).added.diary).toBe(2);
    const records = parse((await client.send('get', '/api/diary/export.csv').expect(200)).text, { columns: true }) as Record<string, string>[];
    expect(records.map((record) => [record.Title, record.imdbID, record.tmdbID])).toEqual([
      ['The Matrix', 'tt0133093', '603'],
      ['The Matrix', 'tt0133093', '603'],
    ]);
  });

  it('exports everything of the user as a JSON attachment, without the password hash', async () => {
    const { user, client } = await newClient();
    await client.send('post', '/api/diary', { movieId: 'heat-1995', movieTitle: 'Heat', watchedDate: '2026-01-10' }).expect(201);
    await client.send('post', '/api/watchlist', { movieId: 'jaws-1975', movieTitle: 'Jaws' }).expect(201);
    await t.events.settled();
    const res = await client.send('get', '/api/users/me/export').expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename=cinema-dna-export.json');
    const data = JSON.parse(res.text) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(['exportedAt', 'account', 'diary', 'watchlist', 'reviews', 'savedConnections', 'following', 'followers', 'pointsLedger', 'badges']);
    expect(data.account).toMatchObject({ id: user.id, username: user.username, googleLinked: false });
    expect(res.text).not.toMatch(/password|\$argon|\$2[aby]\$/i);
    expect(data.diary).toEqual([expect.objectContaining({ movieId: 'heat-1995' })]);
    expect(data.watchlist).toEqual([expect.objectContaining({ movieId: 'jaws-1975' })]);
    expect(data.pointsLedger).toEqual(expect.arrayContaining([expect.objectContaining({ reason: 'watchlist_add', points: 2 })]));
    await request(t.app).get('/api/users/me/export').expect(401);
  });

  describe('a member’s whole export (reviews with their own URIs)', () => {
    const diaryRows = memberCsv('diary.csv');
    const reviewRows = memberCsv('reviews.csv');
    const watchlistRows = memberCsv('watchlist.csv');
    const settle = { 'the host|': 'the-host-2006' };

    it('previews The Host without a year as ambiguous, for the member to settle', async () => {
      const { client } = await newClient();
      const result = await preview(client, memberZip(), 'letterboxd-member-2026-11-28-utc.zip');
      expect(result.files).toEqual([
        { name: 'diary.csv', rows: 34 },
        { name: 'ratings.csv', rows: 33 },
        { name: 'watched.csv', rows: 34 },
        { name: 'watchlist.csv', rows: 12 },
        { name: 'reviews.csv', rows: 5 },
      ]);
      // Films: the diary's 31 + the watchlist's 12 matched; The Host ambiguous; Perfect Days and Past Lives not in the catalog.
      expect(result.counts).toEqual({ matched: 43, ambiguous: 1, unmatched: 2 });
      const diaryStatus = (status: string) => result.films.filter((film) => film.status === status).reduce((sum, film) => sum + (film.rows['diary.csv'] ?? 0), 0);
      expect([diaryStatus('matched'), diaryStatus('ambiguous'), diaryStatus('unmatched')]).toEqual([31, 1, 2]);
      expect(filmOf(result, 'the host|')).toMatchObject({ status: 'ambiguous', match: null, candidates: [{ movieId: 'the-host-2006', title: 'The Host', year: 2006 }] });
    });

    it('gives the diary the file holds: one entry per diary row matched or settled, the reviews on them, every date as in the file', async () => {
      const { user, client } = await newClient();
      const summary = await commit(client, (await preview(client, memberZip(), 'export.zip')).importId, settle);
      expect(summary).toEqual({
        counts: { matched: 43, ambiguous: 1, unmatched: 2 },
        // 32 diary rows (31 + The Host, settled); 4 films reviewed (Se7en once); the 12 watchlist rows.
        added: { diary: 32, ratings: 31, watched: 1, watchlist: 12, reviews: 4 },
        // The two films the catalog lacks: their diary, ratings and watched rows. Nothing was imported before.
        skipped: 6,
        skippedRows: { alreadyImported: 0, notImported: 6, nothingToImport: 0 },
      });

      const diary = await diaryOf(client);
      expect(diary).toHaveLength(32);
      const imported = diaryRows.filter((row) => !['Perfect Days', 'Past Lives'].includes(row.Name!));
      // One entry per diary row, on its watched date, with its rating, logged on the day Letterboxd logged it.
      expect(diary.map((entry) => [entry.movieTitle, entry.watchedDate, entry.rating, entry.createdAt.slice(0, 10)]).sort()).toEqual(
        imported.map((row) => [row.Name, row['Watched Date'], row.Rating ? Number(row.Rating) : null, row.Date]).sort(),
      );
      const se7en = diary.filter((entry) => entry.movieId === 'se7en-1995');
      // Se7en once, with its diary rating and the newer of its two reviews.
      expect(se7en.map((entry) => [entry.watchedDate, entry.rating, entry.notes])).toEqual([['2024-01-06', 1.5, reviewRows[1]!.Review]]);
      const notes = Object.fromEntries(diary.filter((entry) => entry.notes).map((entry) => [entry.movieId, entry.notes]));
      expect(notes).toEqual({
        'se7en-1995': reviewRows[1]!.Review,
        'heat-1995': reviewRows[2]!.Review,
        'casablanca-1942': reviewRows[3]!.Review,
        'the-host-2006': reviewRows[4]!.Review,
      });

      // The reviews, dated as written on Letterboxd.
      const reviews = (await request(t.app).get(`/api/users/${user.id}/reviews`).expect(200)).body as { reviews: { entityId: string; rating: number; content: string; createdAt: string }[] };
      expect(Object.fromEntries(reviews.reviews.map((review) => [review.entityId, [review.rating, review.content, review.createdAt.slice(0, 10)]]))).toEqual({
        'se7en-1995': [4, reviewRows[1]!.Review, reviewRows[1]!.Date],
        'heat-1995': [Math.ceil(Number(reviewRows[2]!.Rating)), reviewRows[2]!.Review, reviewRows[2]!.Date],
        'casablanca-1942': [Number(reviewRows[3]!.Rating), reviewRows[3]!.Review, reviewRows[3]!.Date],
        'the-host-2006': [4, reviewRows[4]!.Review, reviewRows[4]!.Date],
      });

      // The watchlist: its 12 films, added on their Letterboxd dates; the watched marks apart from it.
      const listed = WatchlistSchema.parse((await request(t.app).get(`/api/users/${user.id}/watchlist`).expect(200)).body).items;
      const onWatchlist = listed.filter((item) => !item.watched);
      expect(onWatchlist.map((item) => [item.movieTitle, item.addedAt.slice(0, 10)]).sort()).toEqual(watchlistRows.map((row) => [row.Name, row.Date]).sort());
      expect(listed.filter((item) => item.watched)).toHaveLength(32);
      expect(await rowCounts(user.id)).toEqual({ diary: 32, watchlist: 44, reviews: 4, events: 0 });

      // The same export again: every row already imported before, nothing written twice.
      const again = await commit(client, (await preview(client, memberZip(), 'export.zip')).importId, settle);
      expect(again.added).toEqual({ diary: 0, ratings: 0, watched: 0, watchlist: 0, reviews: 0 });
      expect(again.skippedRows).toEqual({ alreadyImported: 32 + 31 + 32 + 12 + 5, notImported: 6, nothingToImport: 0 });
      expect(await rowCounts(user.id)).toEqual({ diary: 32, watchlist: 44, reviews: 4, events: 0 });
    });

    it('puts reviews imported on their own on the diary entries imported before', async () => {
      const { user, client } = await newClient();
      const first = await commit(client, (await preview(client, memberFile('diary.csv'), 'diary.csv')).importId, settle);
      expect(first.added.diary).toBe(32);
      const reviews = await commit(client, (await preview(client, memberFile('reviews.csv'), 'reviews.csv')).importId, settle);
      expect(reviews.added).toEqual({ diary: 0, ratings: 0, watched: 0, watchlist: 0, reviews: 4 });
      expect(reviews.skippedRows).toEqual({ alreadyImported: 0, notImported: 0, nothingToImport: 0 });
      const diary = await diaryOf(client);
      expect(diary).toHaveLength(32);
      expect(diary.find((entry) => entry.movieId === 'heat-1995')!.notes).toBe(reviewRows[2]!.Review);
      expect((await rowCounts(user.id)).reviews).toBe(4);
    });
  });

  describe('refusals', () => {
    it('answers another user’s import with 404, and a second commit with 409', async () => {
      const a = await newClient();
      const b = await newClient();
      const result = await preview(a.client, fixture('watchlist.csv'), 'watchlist.csv');
      const foreign = await b.client.send('post', `/api/diary/import/${result.importId}/commit`, { choices: {} }).expect(404);
      expect(foreign.body).toEqual({ code: 'NOT_FOUND', message: 'Import not found', details: {} });
      await b.client.send('post', '/api/diary/import/no-such-import/commit', { choices: {} }).expect(404);
      expect((await commit(a.client, result.importId)).added.watchlist).toBe(2);
      const again = await a.client.send('post', `/api/diary/import/${result.importId}/commit`, { choices: {} }).expect(409);
      expect(again.body).toMatchObject({ code: 'CONFLICT', message: 'This import was committed already.' });
    });

    it('refuses choices naming unknown films or movies with 400, writing nothing', async () => {
      const { user, client } = await newClient();
      const result = await preview(client, exportZip(), 'export.zip');
      const unknownFilm = await client.send('post', `/api/diary/import/${result.importId}/commit`, { choices: { 'no such key': 'heat-1995' } }).expect(400);
      expect(unknownFilm.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'choices.no such key', message: 'is not a film of this import' }] });
      const unknownMovie = await client.send('post', `/api/diary/import/${result.importId}/commit`, { choices: { 'don|': 'no-such-film-1999' } }).expect(400);
      expect(unknownMovie.body).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'choices.don|', message: 'no-such-film-1999 is not in the catalog' }] });
      await client.send('post', `/api/diary/import/${result.importId}/commit`, { choices: { 'don|': 5 } }).expect(400);
      expect(await rowCounts(user.id)).toEqual({ diary: 0, watchlist: 0, reviews: 0, events: 0 });
      // Still committable after the refusals.
      expect((await commit(client, result.importId)).added.diary).toBe(7);
    });

    it('writes nothing at all when the commit fails half-way', async () => {
      const { user, client } = await newClient();
      const result = await preview(client, exportZip(), 'export.zip');
      // Reviews are written last: make them fail, after the diary and the watchlist rows went in.
      await database.db.execute(sql.raw(`create or replace function boxd_refuse() returns trigger language plpgsql as $$ begin if new.user_id = ${user.id} then raise exception 'refused'; end if; return new; end $$`));
      await database.db.execute(sql`create trigger boxd_refuse before insert on reviews for each row execute function boxd_refuse()`);
      try {
        const failed = await client.send('post', `/api/diary/import/${result.importId}/commit`, { choices: {} }).expect(500);
        expect(failed.body).toMatchObject({ code: 'INTERNAL_ERROR' });
      } finally {
        await database.db.execute(sql`drop trigger boxd_refuse on reviews`);
      }
      expect(await rowCounts(user.id)).toEqual({ diary: 0, watchlist: 0, reviews: 0, events: 0 });
      // Not committed: it may be committed now.
      expect((await commit(client, result.importId)).added).toEqual({ diary: 7, ratings: 3, watched: 1, watchlist: 2, reviews: 2 });
    });

    it.each([
      ['not a CSV or zip (an image)', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'poster.png', /not a UTF-8 text file/],
      ['an unknown CSV', Buffer.from('id,title\n1,Heat\n'), 'movies.csv', /movies\.csv is not a file of a Letterboxd export/],
      ['a diary without its columns', Buffer.from('Date,Name,Year\n2025-01-01,Heat,1995\n'), 'diary.csv', /^diary\.csv lacks the columns Letterboxd URI, Rating, Rewatch, Watched Date\.$/],
      ['an empty body', Buffer.alloc(0), 'diary.csv', /empty/],
      ['a zip without export files', Buffer.from(zipSync({ 'readme.txt': new Uint8Array([104, 105]) })), 'export.zip', /none of the files/],
    ])('refuses %s with 400 IMPORT_INVALID, writing nothing', async (_name, body, name, message) => {
      const { user, client } = await newClient();
      const res = await upload(client, body, name).expect(400);
      expect(res.body).toMatchObject({ code: 'IMPORT_INVALID', message: expect.stringMatching(message), details: expect.objectContaining({ file: expect.any(String) }) });
      const stored = (await database.db.execute(sql`select count(*)::int as n from diary_imports where user_id = ${user.id}`)) as unknown as { rows: { n: number }[] };
      expect(stored.rows[0]!.n).toBe(0);
    });

    it('refuses a JSON body with 400, an upload over 50 MB with 413, and anonymous uploads with 401', async () => {
      const { user, client } = await newClient();
      const json = await client.send('post', '/api/diary/import?name=diary.csv', { rows: [] }).expect(400);
      expect(json.body).toMatchObject({ code: 'IMPORT_INVALID', message: 'Send the file itself as the request body (application/zip or text/csv).' });
      const huge = await upload(client, Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41), 'diary.csv').expect(413);
      expect(huge.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large', details: { limit: 'bytes', value: IMPORT_MAX_BYTES, limitBytes: IMPORT_MAX_BYTES } });
      await request(t.app).post('/api/diary/import?name=diary.csv').set('Content-Type', 'text/csv').send(fixture('diary.csv').toString()).expect(401);
      const stored = (await database.db.execute(sql`select count(*)::int as n from diary_imports where user_id = ${user.id}`)) as unknown as { rows: { n: number }[] };
      expect(stored.rows[0]!.n).toBe(0);
    });
  });
});
