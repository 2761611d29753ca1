import { STATUS_CLOCK_TICK_MS, overallStatus, type StatusResponse, type StatusServiceRow } from '@cinema-dna/shared-types';
import { CircleAlert, CircleCheck, RefreshCw, TriangleAlert } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import { plural } from '../../../lib/number-format';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { relativeTime } from '../../social';
import { useRefreshStatus } from '../api/status';
import { STATUS_LABELS, STATUS_TONES } from './status-styles';
import { useNow } from './use-now';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });
/** "2:05:12 PM": seconds shown, so a check a moment ago reads differently from the one before. */
export const formatClock = (iso: string) => timeFormat.format(new Date(iso));

/** A measured round trip in whole milliseconds; under one shows as "<1 ms", none as a dash. */
export function formatResponseTime(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1 ? '<1 ms' : `${Math.round(ms)} ms`;
}

/** The banner's words for the overall state (§4: operational if all are, down if any is, otherwise degraded). */
export const OVERALL_TEXTS = {
  operational: 'All Systems Operational',
  degraded: 'Some Systems Degraded',
  down: 'Service Disruption',
} as const;
const OVERALL_ICONS = { operational: CircleCheck, degraded: TriangleAlert, down: CircleAlert } as const;

function StatusPill({ row }: { row: StatusServiceRow }) {
  const tone = STATUS_TONES[row.status];
  return (
    <span data-status={row.status} className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', tone.pill)}>
      <span aria-hidden className={cn('size-1.5 rounded-full', tone.dot)} />
      {STATUS_LABELS[row.status]}
    </span>
  );
}

function ServiceRow({ row }: { row: StatusServiceRow }) {
  return (
    <li aria-label={row.name} data-testid="status-service" className="grid gap-2 px-5 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="font-medium text-bone-50">{row.name}</h3>
          <StatusPill row={row} />
        </div>
        <p className="mt-1 break-words text-sm text-bone-400">{row.description}</p>
      </div>
      <dl className="flex gap-6 text-sm sm:text-right">
        <div>
          <dt className="text-xs text-bone-500">Response time</dt>
          <dd className="font-medium tabular-nums text-bone-100" data-testid="response-time">
            {formatResponseTime(row.responseTime)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-bone-500">Last checked</dt>
          <dd className="tabular-nums text-bone-300" data-testid="last-checked">
            <time dateTime={row.lastChecked}>{formatClock(row.lastChecked)}</time>
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** The overall banner with Refresh and the ticking "Last updated", then the six services. */
export function StatusBoard({ status }: { status: StatusResponse }) {
  const refresh = useRefreshStatus();
  const now = useNow(STATUS_CLOCK_TICK_MS);
  const overall = overallStatus(status.services.map((row) => row.status));
  const Icon = OVERALL_ICONS[overall];
  const tone = STATUS_TONES[overall];

  return (
    <div className="grid gap-6">
      <section
        aria-label="Overall status"
        data-testid="overall-status"
        data-overall={overall}
        className={cn(
          'flex flex-wrap items-center justify-between gap-4 rounded-2xl border p-5 sm:p-6',
          overall === 'operational' ? 'border-live/30 bg-live/5' : overall === 'down' ? 'border-scarlet/40 bg-scarlet/5' : 'border-amber-glow/30 bg-amber-glow/5',
        )}
      >
        <div className="flex items-center gap-4">
          <Icon aria-hidden className={cn('size-8 shrink-0', tone.text)} strokeWidth={1.7} />
          <div>
            <p className="font-display text-2xl font-medium tracking-tight text-bone-50">{OVERALL_TEXTS[overall]}</p>
            <p className="mt-1 text-sm text-bone-400" data-testid="last-updated">
              Last updated <time dateTime={status.checkedAt}>{relativeTime(status.checkedAt, now)}</time> · {formatClock(status.checkedAt)}
              {status.replicas.length > 1 && <> · checked by {plural(status.replicas.length, 'replica')}</>}
            </p>
            {status.replicas.some((replica) => replica.snapshotVersion) && (
              <ul aria-label="Catalog version per replica" data-testid="replica-snapshots" className="mt-1 flex flex-wrap gap-x-3 text-xs text-bone-400">
                {status.replicas.map((replica) => (
                  <li key={replica.replica} data-testid="replica-snapshot">
                    <span className="font-mono">{replica.replica}</span>: catalog <span className="font-mono">{replica.snapshotVersion ?? '—'}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        <Button
          variant="secondary"
          disabled={refresh.isPending}
          onClick={() => refresh.mutate(undefined, { onError: () => toast({ title: 'Refresh failed', description: 'The services could not be checked again. Please try again.', variant: 'destructive' }) })}
        >
          <RefreshCw aria-hidden className={cn('size-4', refresh.isPending && 'animate-spin motion-reduce:animate-none')} />
          {refresh.isPending ? 'Refreshing' : 'Refresh'}
        </Button>
      </section>
      <section aria-labelledby="services-heading" className="rounded-2xl border border-ink-700 bg-ink-850/60">
        <h2 id="services-heading" className="border-b border-ink-700 px-5 py-4 font-display text-xl font-medium text-bone-50">
          Services
        </h2>
        <ul className="divide-y divide-ink-800" aria-label="Services">
          {status.services.map((row) => (
            <ServiceRow key={row.id} row={row} />
          ))}
        </ul>
      </section>
    </div>
  );
}
