import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../lib/api-client';
import { resetServerClock, serverNow } from '../../../lib/server-clock';
import { relativeTime } from './relative-time';

// The device's clock; the server's runs 90 s ahead of it.
const DEVICE_NOW = Date.parse('2026-11-27T12:00:00.000Z');
const SERVER_NOW = DEVICE_NOW + 90_000;

beforeEach(() => {
  resetServerClock();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(DEVICE_NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('relative times', () => {
  it('never reads as a time to come: a moment the server recorded after the clock last ticked is "just now"', () => {
    expect(relativeTime(new Date(DEVICE_NOW + 60_000).toISOString(), DEVICE_NOW)).toBe('just now');
    expect(relativeTime(new Date(DEVICE_NOW - 5 * 60_000).toISOString(), DEVICE_NOW)).toBe('5 minutes ago');
  });

  it("counts against the server's clock, learnt from the Date header of its answers, not the device's", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json', Date: new Date(SERVER_NOW).toUTCString() } })));
    await apiFetch('/api/activity/feed');
    expect(Math.abs(serverNow() - SERVER_NOW)).toBeLessThanOrEqual(1000);
    // Written by the server 3 minutes ago by its clock (1.5 minutes "ahead" of this device).
    expect(relativeTime(new Date(SERVER_NOW - 3 * 60_000).toISOString())).toBe('3 minutes ago');
    expect(relativeTime(new Date(SERVER_NOW - 10_000).toISOString())).toBe('just now');
  });
});
