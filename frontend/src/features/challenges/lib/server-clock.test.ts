import { describe, expect, it } from 'vitest';
import { bestOffset, clockSample, msUntil, serverTime } from './server-clock';

describe('server clock offset', () => {
  it('takes the server as having read its clock halfway through the round trip', () => {
    // Sent at 1000 local, answered at 1200 local; the server said 5100 → at local 1100 it was 5100.
    expect(clockSample(5100, 1200, 1000)).toEqual({ offset: 4000, roundTrip: 200 });
  });

  it('reads a broadcast (no request) as on arrival, and a clock behind ours as a negative offset', () => {
    expect(clockSample(900, 1000)).toEqual({ offset: -100, roundTrip: 0 });
  });

  it('keeps the sample with the shortest round trip', () => {
    expect(bestOffset([])).toBeNull();
    expect(bestOffset([clockSample(5300, 1400, 1000), clockSample(5060, 1080, 1040), clockSample(5200, 1300, 1100)])).toBe(4000);
  });

  it('counts down to an absolute server deadline, corrected for the offset, never below zero', () => {
    // Our clock says 1000, the server's is 2 s ahead: 3000. A deadline at 8000 is 5 s away.
    expect(serverTime(2000, 1000)).toBe(3000);
    expect(msUntil(8000, 2000, 1000)).toBe(5000);
    expect(msUntil(8000, 2000, 9000)).toBe(0);
  });

  it('gives two browsers with different clocks the same seconds left', () => {
    const deadline = 1_000_000;
    const serverNow = 990_000;
    // Browser A is 3 s fast, browser B 4 s slow; each measures its offset from the same server answer.
    const a = clockSample(serverNow, serverNow + 3000);
    const b = clockSample(serverNow, serverNow - 4000);
    expect(msUntil(deadline, a.offset, serverNow + 3000)).toBe(10_000);
    expect(msUntil(deadline, b.offset, serverNow - 4000)).toBe(10_000);
  });
});
