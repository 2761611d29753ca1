import { entityKey } from '@cinema-dna/shared-types';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedState } from '../../platform/cache/types.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets, sharedStateTargets } from '../../test-support/targets.js';

const person = (id: string) => ({ type: 'person' as const, id });
const bacon = person('kevin-bacon');
const hanks = person('tom-hanks');
const reeves = person('keanu-reeves');
const streep = person('meryl-streep');

interface Card {
  degrees: number | null;
  searchCount: number;
  fromEntity: { key: string };
  toEntity: { key: string };
  path: Array<{ entity: { key: string } }>;
}

const targets = databaseTargets().flatMap((database) => sharedStateTargets().map((shared) => ({ name: `${database.name} + ${shared.name}`, database, shared })));

describe.each(targets)('trending cards ($name)', (target) => {
  let database: Awaited<ReturnType<(typeof target)['database']['open']>>;
  let shared: SharedState;
  let t: TestApp;
  beforeAll(async () => {
    database = await target.database.open();
    shared = await target.shared.open();
    t = await openTestApp({ database, shared });
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  const find = (from: object, to: object, parameters?: object) => request(t.app).post('/api/find-connection').send({ fromEntity: from, toEntity: to, parameters }).expect(200);
  const card = async (from: { id: string }, to: { id: string }): Promise<Card | undefined> => {
    // Searches reach trending as `connection.found` events, delivered in batches: wait for those sent so far.
    await t.events.settled();
    const res = await request(t.app).get('/api/trending').expect(200);
    expect(res.body.degraded).toBe(false);
    return (res.body.connections as Card[]).find((c) => c.fromEntity.key === entityKey('person', from.id) && c.toEntity.key === entityKey('person', to.id));
  };
  const keys = (path: Array<{ entity: { key: string } }>) => path.map((step) => step.entity.key);

  it('keeps the default answer of a pair while searches with other parameters count towards it', async () => {
    const byDefault = await find(bacon, hanks);
    expect(byDefault.body).toMatchObject({ found: true, degrees: 2 });
    // Fresh, then cached: neither finds anything within 1 degree; another avoids the default chain's film.
    expect((await find(bacon, hanks, { maxDegrees: 1 })).body).toMatchObject({ found: false, cached: false });
    expect((await find(bacon, hanks, { maxDegrees: 1 })).body).toMatchObject({ found: false, cached: true });
    const avoiding = await find(bacon, hanks, { avoid: [byDefault.body.path[1].entity.key] });
    expect(keys(avoiding.body.path)).not.toEqual(keys(byDefault.body.path));

    const shown = await card(bacon, hanks);
    expect(shown).toMatchObject({ degrees: 2, searchCount: 4 });
    expect(keys(shown!.path)).toEqual(keys(byDefault.body.path));
  });

  it('shows the real default answer of a pair searched only with other parameters, never "No path"', async () => {
    const answer = await t.graph.search('person:keanu-reeves', 'person:meryl-streep', {});
    expect(answer?.degrees).toBeGreaterThan(1);
    expect((await find(reeves, streep, { maxDegrees: 1 })).body).toMatchObject({ found: false });
    expect((await find(reeves, streep, { maxDegrees: 1 })).body).toMatchObject({ found: false, cached: true });

    const shown = await card(reeves, streep);
    expect(shown).toMatchObject({ degrees: answer!.degrees, searchCount: 2 });
    expect(shown!.path).toHaveLength(answer!.degrees + 1);
    expect(shown!.path[0]!.entity.key).toBe('person:keanu-reeves');
    expect(shown!.path.at(-1)!.entity.key).toBe('person:meryl-streep');

    // The computed answer is the one a default search gives, and stays once that search runs.
    const byDefault = await find(reeves, streep);
    const again = await card(reeves, streep);
    expect(again).toMatchObject({ degrees: byDefault.body.degrees, searchCount: 3 });
    expect(keys(again!.path)).toEqual(keys(byDefault.body.path));
  });

  it('counts a link preview of a pair nowhere (it reads the cache only)', async () => {
    const before = (await card(bacon, hanks))!.searchCount;
    await t.connections.find({ fromEntity: bacon, toEntity: hanks }, { actor: null, preview: true });
    expect((await card(bacon, hanks))!.searchCount).toBe(before);
  });
});
