import { describe, expect, it } from 'vitest';
import { countdownSeconds, formatCountdown, formatDuration, formatTimeLeft, formatTimeLimit } from './countdown-format';

describe('countdown formatting', () => {
  it('shows a countdown as m:ss rounded up, so it reads 0:01 until the very end', () => {
    expect(formatCountdown(300_000)).toBe('5:00');
    expect(formatCountdown(299_001)).toBe('5:00');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-500)).toBe('0:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });

  it('gives the big race countdown whole seconds, rounded up', () => {
    expect(countdownSeconds(5000)).toBe(5);
    expect(countdownSeconds(4001)).toBe(5);
    expect(countdownSeconds(4000)).toBe(4);
    expect(countdownSeconds(0)).toBe(0);
  });

  it('shows durations as the share text does', () => {
    expect(formatDuration(83)).toBe('1:23');
    expect(formatDuration(9.6)).toBe('0:10');
  });

  it('shows the daily’s time left as hours and minutes (spec §4)', () => {
    expect(formatTimeLeft((5 * 60 + 7) * 60_000 + 59_000)).toBe('5h 07m');
    expect(formatTimeLeft(42 * 60_000)).toBe('42m');
    expect(formatTimeLeft(59_000)).toBe('0m');
    expect(formatTimeLeft(-1)).toBe('0m');
  });

  it('shows list time limits in minutes', () => {
    expect(formatTimeLimit(120)).toBe('2 min');
    expect(formatTimeLimit(90)).toBe('1:30 min');
  });
});
