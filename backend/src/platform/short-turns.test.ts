import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { shortTurns } from './short-turns.js';

/** Stand-ins for what the HTTP server hands the listener: only their identity matters here. */
const request = (n: number, destroyed = false) => ({ n, socket: { destroyed } }) as unknown as IncomingMessage;
const response = {} as ServerResponse;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('shortTurns', () => {
  it('answers a burst of requests a slice per event-loop turn, in arrival order', async () => {
    const answered: number[] = [];
    const listener = shortTurns((req) => answered.push((req as unknown as { n: number }).n));
    // As the HTTP server does when one poll phase reads many requests at once.
    for (let n = 0; n < 200; n++) listener(request(n), response);
    expect(answered).toHaveLength(0);

    // Whatever else waits for this turn (a timer, the next accept) runs after the first slice, not after all 200.
    await nextTurn();
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(200);

    while (answered.length < 200) await nextTurn();
    expect(answered).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });

  it('answers a lone request in the turn it arrived', async () => {
    const answered: number[] = [];
    const listener = shortTurns((req) => answered.push((req as unknown as { n: number }).n));
    listener(request(1), response);
    await nextTurn();
    expect(answered).toEqual([1]);
  });

  it('drops a request whose connection closed while it waited', async () => {
    const answered: number[] = [];
    const listener = shortTurns((req) => answered.push((req as unknown as { n: number }).n));
    listener(request(1), response);
    listener(request(2, true), response);
    listener(request(3), response);
    await nextTurn();
    expect(answered).toEqual([1, 3]);
  });
});
