import type { PathStep } from '@cinema-dna/shared-types';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySharedState } from '../../platform/cache/memory.js';
import type { SharedState } from '../../platform/cache/types.js';
import { createTestUser, signedInClient, type ApiClient } from '../../test-support/accounts.js';
import { openTestApp, type TestApp } from '../../test-support/app-fixture.js';
import { databaseTargets } from '../../test-support/targets.js';

describe.each(databaseTargets())('saved connections on $name', (dbTarget) => {
  let database: Awaited<ReturnType<typeof dbTarget.open>>;
  let shared: SharedState;
  let t: TestApp;
  let path: PathStep[];
  /** A second real path, of another pair. */
  let streepToReeves: PathStep[];
  const payload = () => ({
    fromEntityId: 'kevin-bacon',
    fromEntityName: 'Kevin Bacon',
    fromEntityType: 'person',
    toEntityId: 'tom-hanks',
    toEntityName: 'Tom Hanks',
    toEntityType: 'person',
    path,
    degrees: 2,
  });

  beforeAll(async () => {
    database = await dbTarget.open();
    shared = createMemorySharedState();
    t = await openTestApp({ database, shared });
    path = (await t.connections.find({ fromEntity: { id: 'kevin-bacon', type: 'person' }, toEntity: { id: 'tom-hanks', type: 'person' } }, { actor: null })).path;
    streepToReeves = (await t.connections.find({ fromEntity: { id: 'meryl-streep', type: 'person' }, toEntity: { id: 'keanu-reeves', type: 'person' } }, { actor: null })).path;
  });
  afterAll(async () => {
    await t.close();
    await shared.close();
    await database.dispose();
  });

  it('saves a found path and lists it for its owner as a user connection', async () => {
    const { user, username } = await createTestUser(t.users);
    const client = await signedInClient(t.app, username);
    const saved = await client.send('post', '/api/connections/save', payload()).expect(201);
    expect(saved.body).toEqual({
      id: expect.any(Number),
      fromEntity: { id: 'kevin-bacon', name: 'Kevin Bacon', type: 'person' },
      toEntity: { id: 'tom-hanks', name: 'Tom Hanks', type: 'person' },
      degrees: 2,
      path,
      createdAt: expect.any(String),
    });
    const second = await client
      .send('post', '/api/connections/save', {
        ...payload(),
        fromEntityId: 'meryl-streep',
        fromEntityName: 'Meryl Streep',
        toEntityId: 'keanu-reeves',
        toEntityName: 'Keanu Reeves',
        path: streepToReeves,
        degrees: undefined,
      })
      .expect(201);
    expect(second.body.degrees).toBe(streepToReeves.length - 1);

    const mine = await client.send('get', '/api/users/me/connections').expect(200);
    expect(mine.body.connections.map((c: { id: number }) => c.id)).toEqual([second.body.id, saved.body.id]);
    const byId = await client.send('get', `/api/users/${user.id}/connections`).expect(200);
    expect(byId.body).toEqual(mine.body);
  });

  it('shows a user’s connections to moderators and admins, not to other users or anonymous callers', async () => {
    const owner = await createTestUser(t.users, { prefix: 'owner' });
    await (await signedInClient(t.app, owner.username)).send('post', '/api/connections/save', payload()).expect(201);
    const other = await signedInClient(t.app, (await createTestUser(t.users)).username);
    const moderator = await signedInClient(t.app, (await createTestUser(t.users, { role: 'moderator' })).username);
    const admin = await signedInClient(t.app, (await createTestUser(t.users, { role: 'admin' })).username);

    const forbidden = await other.send('get', `/api/users/${owner.user.id}/connections`).expect(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');
    // The other user's own list stays empty.
    expect((await other.send('get', '/api/users/me/connections').expect(200)).body.connections).toEqual([]);
    expect((await moderator.send('get', `/api/users/${owner.user.id}/connections`).expect(200)).body.connections).toHaveLength(1);
    expect((await admin.send('get', `/api/users/${owner.user.id}/connections`).expect(200)).body.connections).toHaveLength(1);
    expect((await request(t.app).get(`/api/users/${owner.user.id}/connections`).expect(401)).body.code).toBe('UNAUTHORIZED');
    await admin.send('get', '/api/users/2147483000/connections').expect(404);
    await admin.send('get', '/api/users/abc/connections').expect(400);
  });

  it('counts the degrees itself: a client’s own count is ignored', async () => {
    const client = await signedInClient(t.app, (await createTestUser(t.users)).username);
    const saved = await client.send('post', '/api/connections/save', { ...payload(), degrees: 7 }).expect(201);
    expect(saved.body.degrees).toBe(path.length - 1);
    expect((await client.send('get', '/api/users/me/connections').expect(200)).body.connections[0].degrees).toBe(path.length - 1);
  });

  describe('a path that is not a path of the graph', () => {
    let client: ApiClient;
    beforeAll(async () => {
      client = await signedInClient(t.app, (await createTestUser(t.users)).username);
    });
    const withStep = (at: number, change: (step: PathStep) => PathStep) => path.map((step, i) => (i === at ? change(step) : step));
    const relationship = (step: PathStep) => step.relationship!;

    const flipped = (step: PathStep): PathStep => ({ ...step, relationship: { ...relationship(step), direction: relationship(step).direction === 'forward' ? 'backward' : 'forward' } });

    it.each([
      ['a made-up link between two real entities', 'path.0.relationship', () => ({ ...payload(), path: [path[0]!, path.at(-1)!] })],
      ['the right pair with another relationship', 'path.0.relationship', () => ({ ...payload(), path: withStep(0, (step) => ({ ...step, relationship: { ...relationship(step), type: relationship(step).type === 'directed' ? 'wrote' : 'directed' } })) })],
      ['a link in the wrong direction', 'path.0.relationship', () => ({ ...payload(), path: withStep(0, flipped) })],
      ['an entity that does not exist', 'path.1.entity', () => ({ ...payload(), path: withStep(1, (step) => ({ ...step, entity: { ...step.entity, id: 'no-such-film-1999', key: `${step.entity.type}:no-such-film-1999` } })) })],
      ['a step without its link', 'path.0.relationship', () => ({ ...payload(), path: withStep(0, (step) => ({ ...step, relationship: null })) })],
      ['a last step linking onwards', 'path.<last>.relationship', () => ({ ...payload(), path: withStep(path.length - 1, () => ({ ...path.at(-1)!, relationship: relationship(path[0]!) })) })],
      ['a real path between other ends', 'fromEntityId', () => ({ ...payload(), path: streepToReeves })],
      ['a path that does not end at toEntity', 'toEntityId', () => ({ ...payload(), toEntityId: 'keanu-reeves', toEntityName: 'Keanu Reeves' })],
      // Real links all along (there and back again), but Kevin Bacon twice.
      ['a path visiting an entity twice', 'path.2.entity', () => ({ ...payload(), path: [path[0]!, { ...path[1]!, relationship: flipped(path[0]!).relationship }, ...path] })],
    ])('refuses %s with 400 INVALID_PATH (%s) and keeps nothing', async (_name, field, body) => {
      const res = await client.send('post', '/api/connections/save', body()).expect(400);
      const expectedField = field.replace('<last>', String(path.length - 1));
      expect(res.body).toEqual({ code: 'INVALID_PATH', message: 'Invalid connection path', details: [{ path: expectedField, message: expect.any(String) }] });
      expect((await client.send('get', '/api/users/me/connections').expect(200)).body.connections).toEqual([]);
    });
  });

  it('answers an anonymous save with 401, which the client turns into "Login Required"', async () => {
    const res = await request(t.app).post('/api/connections/save').send(payload()).expect(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  describe('bad input', () => {
    let client: ApiClient;
    beforeAll(async () => {
      client = await signedInClient(t.app, (await createTestUser(t.users)).username);
    });

    it.each([
      ['a one-step path', () => ({ ...payload(), path: path.slice(0, 1) })],
      ['an empty path', () => ({ ...payload(), path: [] })],
      ['a path that is not a list', () => ({ ...payload(), path: 'Kevin Bacon -> Tom Hanks' })],
      ['steps without entities', () => ({ ...payload(), path: [{}, {}] })],
      ['a ten-step path', () => ({ ...payload(), path: Array.from({ length: 10 }, () => path[0]) })],
    ])('refuses %s with "Invalid connection path"', async (_name, body) => {
      const res = await client.send('post', '/api/connections/save', body()).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid connection path' });
    });

    it.each([
      ['no body', () => undefined],
      ['missing names', () => ({ ...payload(), fromEntityName: undefined, toEntityName: '' })],
      ['an unknown entity type', () => ({ ...payload(), toEntityType: 'planet' })],
      ['degrees as text', () => ({ ...payload(), degrees: 'two' })],
      ['nine degrees', () => ({ ...payload(), degrees: 9 })],
    ])('refuses %s with 400 in the error shape', async (_name, body) => {
      const res = await client.send('post', '/api/connections/save', body()).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String), details: expect.any(Array) });
      expect((await client.send('get', '/api/users/me/connections').expect(200)).body.connections).toEqual([]);
    });
  });
});
