import type { ServiceStatus } from '@cinema-dna/shared-types';

export const STATUS_LABELS: Record<ServiceStatus, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
  maintenance: 'Maintenance',
};

/** Colours of a status: green, amber, red, and teal for planned maintenance. */
export const STATUS_TONES: Record<ServiceStatus, { text: string; dot: string; pill: string; bar: string }> = {
  operational: { text: 'text-live', dot: 'bg-live', pill: 'bg-live/10 text-live ring-live/30', bar: 'bg-live' },
  degraded: { text: 'text-amber-glow', dot: 'bg-amber-glow', pill: 'bg-amber-glow/10 text-amber-soft ring-amber-glow/30', bar: 'bg-amber-glow' },
  down: { text: 'text-scarlet', dot: 'bg-scarlet', pill: 'bg-scarlet/10 text-scarlet ring-scarlet/40', bar: 'bg-scarlet' },
  maintenance: { text: 'text-teal-info', dot: 'bg-teal-info', pill: 'bg-teal-info/10 text-teal-info ring-teal-info/30', bar: 'bg-teal-info' },
};
