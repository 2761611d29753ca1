import { overallStatus, STATUS_SERVICES, type ServiceStatus } from '@cinema-dna/shared-types';
import { describe, expect, it } from 'vitest';
import { DAY_MS, incidentChanges, uptimeBars, utcDay, worstOf, type DailyCounts } from './history.js';

describe('the overall rule (§4)', () => {
  it('is operational if all are, down if any is, otherwise degraded', () => {
    expect(overallStatus(['operational', 'operational'])).toBe('operational');
    expect(overallStatus(['operational', 'degraded'])).toBe('degraded');
    expect(overallStatus(['maintenance', 'operational'])).toBe('degraded');
    expect(overallStatus(['degraded', 'down', 'operational'])).toBe('down');
    expect(overallStatus(['maintenance', 'down'])).toBe('down');
  });
});

describe('uptime bars', () => {
  const today = Date.parse('2026-03-10T15:00:00Z');
  const row = (service: string, day: string, counts: Partial<DailyCounts>): DailyCounts => ({ service, day, checks: 0, operational: 0, degraded: 0, down: 0, maintenance: 0, ...counts });

  it('gives each of the last N UTC days the share of operational checks, null without checks, and the span’s share', () => {
    const bars = uptimeBars(
      [
        row('cache', '2026-03-10', { checks: 4, operational: 3, down: 1 }),
        row('cache', '2026-03-08', { checks: 2, operational: 2 }),
        row('cache', '2026-03-01', { checks: 10, operational: 10 }), // before the 3-day span
        row('database', '2026-03-09', { checks: 5, operational: 4, degraded: 1 }),
      ],
      today,
      3,
    );
    expect(bars.map((bar) => bar.id)).toEqual([...STATUS_SERVICES]);
    const cache = bars.find((bar) => bar.id === 'cache')!;
    expect(cache.days).toEqual([
      { date: '2026-03-08', uptime: 1, worst: 'operational' },
      { date: '2026-03-09', uptime: null, worst: null },
      { date: '2026-03-10', uptime: 0.75, worst: 'down' },
    ]);
    expect(cache.uptime).toBeCloseTo(5 / 6, 4);
    expect(bars.find((bar) => bar.id === 'database')!.days[1]).toEqual({ date: '2026-03-09', uptime: 0.8, worst: 'degraded' });
    expect(bars.find((bar) => bar.id === 'website')!.uptime).toBeNull();
  });

  it('names days in UTC and orders the worst state down > degraded > maintenance > operational', () => {
    expect(utcDay(Date.parse('2026-03-10T23:59:59Z'))).toBe('2026-03-10');
    expect(utcDay(Date.parse('2026-03-10T23:59:59Z') + 1000)).toBe('2026-03-11');
    expect(utcDay(today - DAY_MS)).toBe('2026-03-09');
    expect(worstOf({ checks: 3, operational: 1, degraded: 1, down: 0, maintenance: 1 })).toBe('degraded');
    expect(worstOf({ checks: 1, operational: 0, degraded: 0, down: 0, maintenance: 1 })).toBe('maintenance');
    expect(worstOf({ checks: 0, operational: 0, degraded: 0, down: 0, maintenance: 0 })).toBeNull();
  });
});

describe('incidents from one check', () => {
  const result = (service: (typeof STATUS_SERVICES)[number], status: ServiceStatus) => ({ service, status, description: `${service} is ${status}` });

  it('opens one for a service found degraded or down, none when one is open already', () => {
    const changes = incidentChanges([result('cache', 'down'), result('database', 'operational'), result('engine', 'degraded')], [{ id: 7, service: 'engine', status: 'degraded' }]);
    expect(changes).toEqual({ open: [{ service: 'cache', status: 'down', description: 'cache is down' }], worsen: [], close: [] });
  });

  it('records the worst status seen while open, never a better one', () => {
    expect(incidentChanges([result('engine', 'down')], [{ id: 7, service: 'engine', status: 'degraded' }]).worsen).toEqual([{ id: 7, status: 'down' }]);
    expect(incidentChanges([result('engine', 'degraded')], [{ id: 7, service: 'engine', status: 'down' }]).worsen).toEqual([]);
  });

  it('closes the open incident of a service found operational again', () => {
    expect(incidentChanges([result('cache', 'operational'), result('engine', 'operational')], [{ id: 3, service: 'cache', status: 'down' }])).toEqual({ open: [], worsen: [], close: [3] });
  });
});
