import { describe, expect, it } from 'vitest';
import type { Counters } from './cache/types.js';
import { SharedStateUnavailableError } from './cache/unavailable.js';
import { AppError } from './errors.js';
import { createFailureLimiter, createLocalCounters, type WhenUnavailable } from './rate-limit.js';

const WRONG = new AppError(404, 'NOT_FOUND', 'Not found');
const isWrong = (error: unknown) => error === WRONG;
const fail = () => Promise.reject(WRONG);
const succeed = () => Promise.resolve('found');
const rule = (whenUnavailable: WhenUnavailable = 'open') => ({ name: 'guess', limit: 3, windowMs: 60_000, whenUnavailable, refusal: 'Too many guesses' });
const settle = (promise: Promise<unknown>) =>
  promise.then(
    () => 'found',
    (error: unknown) => (error instanceof AppError ? error.code : 'thrown'),
  );
/** Counters that cannot answer, as Redis while it is stopped. */
const unreachable: Counters = {
  increment: () => Promise.reject(new SharedStateUnavailableError('down')),
  get: () => Promise.reject(new SharedStateUnavailableError('down')),
};

describe('createFailureLimiter', () => {
  it('counts failures only, and refuses once any identity has had its limit, before the work runs', async () => {
    const limiter = createFailureLimiter(createLocalCounters(), rule());
    const socket = [{ scope: 'socket', id: 's1' }, { scope: 'address', id: '10.0.0.1' }];
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await settle(limiter.attempt(socket, succeed, isWrong)));
    expect(answers.every((answer) => answer === 'found')).toBe(true);
    for (let i = 0; i < 3; i++) expect(await settle(limiter.attempt(socket, fail, isWrong))).toBe('NOT_FOUND');
    let ran = false;
    const refused = await limiter.attempt(socket, async () => ((ran = true), 'found'), isWrong).catch((error: unknown) => error);
    expect(ran).toBe(false);
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED', details: { scope: 'socket', limit: 3, windowSeconds: 60 } });
    expect((refused as AppError).message).toMatch(/^Too many guesses: at most 3 per 60 seconds\. Try again in \d+ s\.$/);
    // Another socket on the same address: the address has had its 3 as well.
    expect(await limiter.attempt([{ scope: 'socket', id: 's2' }, { scope: 'address', id: '10.0.0.1' }], succeed, isWrong).catch((error: unknown) => error)).toMatchObject({
      details: { scope: 'address' },
    });
    // Other errors are not failures.
    const other = createFailureLimiter(createLocalCounters(), rule());
    for (let i = 0; i < 5; i++) expect(await settle(other.attempt(socket, () => Promise.reject(new AppError(409, 'CONFLICT', 'Full')), isWrong))).toBe('CONFLICT');
    expect(await settle(other.attempt(socket, succeed, isWrong))).toBe('found');
  });

  it('lets no more failures through than the limit when attempts arrive all at once', async () => {
    const limiter = createFailureLimiter(createLocalCounters(), rule());
    let ran = 0;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        settle(
          limiter.attempt(
            [{ scope: 'user', id: '7' }],
            () => {
              ran += 1;
              return fail();
            },
            isWrong,
          ),
        ),
      ),
    );
    expect(ran).toBe(3);
    expect(answers.filter((answer) => answer === 'RATE_LIMITED')).toHaveLength(47);
  });

  it('lets attempts beyond the failures left wait their turn instead of refusing them: right codes sent all at once all get in', async () => {
    const limiter = createFailureLimiter(createLocalCounters(), rule());
    const office = [{ scope: 'address', id: '10.0.0.5' }];
    let running = 0;
    let most = 0;
    const slowFind = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      return 'found';
    };
    const answers = await Promise.all(Array.from({ length: 12 }, () => settle(limiter.attempt(office, slowFind, isWrong))));
    expect(answers).toEqual(Array(12).fill('found'));
    // Never more in flight than failures left.
    expect(most).toBeLessThanOrEqual(3);
    // One failure leaves two in flight at most, and two failures later the third is the last.
    expect(await settle(limiter.attempt(office, fail, isWrong))).toBe('NOT_FOUND');
    expect(await settle(limiter.attempt(office, fail, isWrong))).toBe('NOT_FOUND');
    expect(await settle(limiter.attempt(office, fail, isWrong))).toBe('NOT_FOUND');
    expect(await settle(limiter.attempt(office, succeed, isWrong))).toBe('RATE_LIMITED');
  });

  it('while the counters cannot answer: local counts on this process, closed refuses with 503, open lets through', async () => {
    const identity = [{ scope: 'address', id: '10.0.0.9' }];
    const local = createFailureLimiter(unreachable, rule('local'));
    const localAnswers = [];
    for (let i = 0; i < 5; i++) localAnswers.push(await settle(local.attempt(identity, fail, isWrong)));
    expect(localAnswers).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'RATE_LIMITED', 'RATE_LIMITED']);
    const closed = createFailureLimiter(unreachable, rule('closed'));
    expect(await closed.attempt(identity, succeed, isWrong).catch((error: unknown) => error)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    const open = createFailureLimiter(unreachable, rule('open'));
    const openAnswers = [];
    for (let i = 0; i < 5; i++) openAnswers.push(await settle(open.attempt(identity, fail, isWrong)));
    expect(openAnswers.every((answer) => answer === 'NOT_FOUND')).toBe(true);
  });

  it('gives back what it took when one identity cannot be counted and the rule is closed', async () => {
    const counters = createLocalCounters();
    const halfDown: Counters = {
      increment: (key, options) => (key.includes(':address:') ? Promise.reject(new SharedStateUnavailableError('down')) : counters.increment(key, options)),
      get: (key) => counters.get(key),
    };
    const limiter = createFailureLimiter(halfDown, rule('closed'));
    const refused = await limiter.attempt([{ scope: 'socket', id: 's1' }, { scope: 'address', id: '10.0.0.3' }], succeed, isWrong).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(await counters.get('ratelimit:guess:socket:s1')).toBe(0);
  });
});
