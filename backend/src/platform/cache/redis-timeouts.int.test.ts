import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, hasRedisServer, startRedis, stopRedis } from '../../test-support/private-redis.js';
import { createRedisSharedState, type RedisSharedState } from './redis.js';
import { SharedStateUnavailableError } from './unavailable.js';

const TIMEOUT_MS = 100;
/** What a bounded call may take past its timeout on a busy 2-core machine. */
const SLACK_MS = 150;

/** How long `call` takes to settle, and how it settled. */
async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = performance.now();
  try {
    const value = await call();
    return { ms: performance.now() - started, value };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

describe.runIf(hasRedisServer)('Redis commands are bounded by REDIS_COMMAND_TIMEOUT_MS', () => {
  let redis: ChildProcess | undefined;
  let port = 0;
  let shared: RedisSharedState | undefined;
  afterAll(async () => {
    if (redis?.exitCode === null && redis.signalCode === null) {
      redis.kill('SIGCONT');
      await stopRedis(redis);
    }
    await shared?.close();
  });

  it('fails a command on a frozen Redis at the timeout, the next ones at once, and answers again once it thaws', async () => {
    port = await freePort();
    redis = await startRedis(port);
    shared = await createRedisSharedState({ url: `redis://127.0.0.1:${port}`, keyPrefix: 'bounded:', commandTimeoutMs: TIMEOUT_MS });
    await shared.kv.set('before', 'yes');
    await shared.sortedSets.setMany('board:test', [{ member: 'a', score: 1 }]);

    redis.kill('SIGSTOP');
    // The write is sent, and stays in the socket unanswered.
    const first = await timed(() => shared!.counters.increment('frozen', { ttlMs: 60_000 }));
    expect(first.error).toBeInstanceOf(SharedStateUnavailableError);
    expect(first.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(first.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    // While it stays unanswered, everything else fails without waiting, the bulk connection and pings included.
    const calls: Array<() => Promise<unknown>> = [
      () => shared!.kv.get('before'),
      () => shared!.sortedSets.standing('board:test', 'a'),
      () => shared!.sortedSets.setMany('board:test', [{ member: 'b', score: 2 }]),
      () => shared!.ping(),
    ];
    for (const call of calls) {
      const next = await timed(call);
      expect(next.error).toBeInstanceOf(SharedStateUnavailableError);
      expect(next.ms).toBeLessThan(20);
    }

    redis.kill('SIGCONT');
    await expect.poll(() => shared!.kv.get('before').catch(() => 'unavailable'), { timeout: 5_000, interval: 50 }).toBe('yes');
    // The write the caller gave up on was still applied once Redis ran again (counters tolerate that; see docs/storage.md).
    expect(await shared.counters.get('frozen')).toBe(1);
    expect(await shared.sortedSets.standing('board:test', 'a')).toEqual({ score: 1, above: 0 });
  });

  it('does not take this process being busy for a silent Redis', async () => {
    for (let round = 0; round < 5; round += 1) {
      const reading = shared!.kv.get('before').then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      // A long synchronous task (a big JSON, a WASM query) holds the event loop past the bound
      // before the command is even written to the socket.
      const busyUntil = performance.now() + TIMEOUT_MS * 3;
      while (performance.now() < busyUntil);
      expect(await reading).toEqual({ value: 'yes' });
    }
  });

  it('fails at once while Redis is stopped, and heals by itself when it is back', async () => {
    await stopRedis(redis!);
    const stopped = await timed(() => shared!.kv.get('before'));
    expect(stopped.error).toBeInstanceOf(SharedStateUnavailableError);
    expect(stopped.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);
    const bulk = await timed(() => shared!.sortedSets.copy('board:test', 'board:copy'));
    expect(bulk.error).toBeInstanceOf(SharedStateUnavailableError);
    expect(bulk.ms).toBeLessThan(TIMEOUT_MS + SLACK_MS);

    redis = await startRedis(port);
    await expect.poll(() => shared!.ping().then(() => 'up', () => 'down'), { timeout: 10_000, interval: 100 }).toBe('up');
    // No persistence: it came back empty.
    expect(await shared!.kv.get('before')).toBeNull();
  });

  it('closes within its bound while Redis is frozen (a graceful shutdown is not held by a hung Redis)', async () => {
    const other = await createRedisSharedState({ url: `redis://127.0.0.1:${port}`, keyPrefix: 'closing:', commandTimeoutMs: TIMEOUT_MS });
    redis!.kill('SIGSTOP');
    try {
      await expect(other.kv.get('x')).rejects.toBeInstanceOf(SharedStateUnavailableError);
      const closing = await timed(() => other.close());
      expect(closing.error).toBeUndefined();
      expect(closing.ms).toBeLessThan(2_000);
    } finally {
      redis!.kill('SIGCONT');
    }
  });

  it('keeps Redis refusing a command a bug, not an outage', async () => {
    await shared!.kv.set('plain', 'text');
    // ZSCORE on a string: WRONGTYPE is Redis answering, and answering "wrong".
    const wrong = await timed(() => shared!.sortedSets.score('plain', 'a'));
    expect(wrong.error).toBeInstanceOf(Error);
    expect(wrong.error).not.toBeInstanceOf(SharedStateUnavailableError);
    expect(String(wrong.error)).toMatch(/WRONGTYPE/);
  });
});
