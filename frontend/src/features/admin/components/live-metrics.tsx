import type { AdminMetrics, ReplicaMetrics } from '@cinema-dna/shared-types';
import { Radio } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import { formatCount, plural } from '../../../lib/number-format';
import { formatMegabytes, formatMs, formatPercent, formatRate } from '../lib/admin-format';
import { AdminSection } from './panel-states';

function Metric({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className={cn('rounded-xl bg-ink-900/60 px-3 py-2.5', className)}>
      <dt className="text-xs text-bone-500">{label}</dt>
      <dd className="mt-0.5 font-medium tabular-nums text-bone-50">{value}</dd>
    </div>
  );
}

function ReplicaCard({ replica }: { replica: ReplicaMetrics }) {
  return (
    <article aria-label={`Replica ${replica.replica}`} data-testid="replica-metrics" className="rounded-2xl border border-ink-700 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="break-all font-mono text-sm text-bone-100">{replica.replica}</h3>
        <p className="text-xs text-bone-500">
          {formatMegabytes(replica.memoryRssBytes)} RSS · load {formatPercent(replica.serverLoad)}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        <Metric label="Requests/s" value={formatRate(replica.requestsPerSecond)} />
        <Metric label="Latency p50" value={formatMs(replica.latencyMs.p50)} />
        <Metric label="Latency p95" value={formatMs(replica.latencyMs.p95)} />
        <Metric label="Latency p99" value={formatMs(replica.latencyMs.p99)} />
        <Metric label="Error rate" value={formatPercent(replica.errorRate, 1)} />
        <Metric label="Event-loop delay p99" value={formatMs(replica.eventLoopDelayP99Ms)} />
        <Metric label="Sockets / rooms" value={`${formatCount(replica.sockets)} / ${formatCount(replica.rooms)}`} />
        <Metric label="Searches/min" value={formatRate(replica.searchesPerMinute)} />
        <Metric label="Engine p99" value={formatMs(replica.engineP99Ms)} />
        <Metric label="Cache hit rate" value={formatPercent(replica.cacheHitRate)} />
        <Metric label="Catalog version" value={replica.snapshotVersion ?? '—'} />
      </dl>
    </article>
  );
}

/** The live numbers: totals over every replica, then each replica's own. */
export function LiveMetrics({ metrics, live, refused }: { metrics: AdminMetrics | null; live: boolean; refused: string | null }) {
  return (
    <AdminSection
      title="Live metrics"
      aside={
        <span className="inline-flex items-center gap-2 text-xs text-bone-400" data-testid="metrics-live" data-live={live}>
          <span className="relative flex size-2">
            {live && <span className="absolute inline-flex size-full animate-ping rounded-full bg-live/60 motion-reduce:animate-none" />}
            <span className={cn('relative inline-flex size-2 rounded-full', live ? 'bg-live' : 'bg-bone-500')} />
          </span>
          <span title={refused ?? undefined}>{live ? 'Live' : refused ? 'Live updates unavailable' : 'Connecting…'}</span>
          {metrics && <span>· {plural(metrics.replicas.length, 'replica')}</span>}
        </span>
      }
    >
      {!metrics ? (
        <p className="text-sm text-bone-400">
          <Radio aria-hidden className="mr-2 inline size-4" />
          Waiting for the first numbers…
        </p>
      ) : (
        <div className="grid gap-4">
          <dl aria-label="Totals" className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
            <Metric label="Requests/s (all)" value={formatRate(metrics.total.requestsPerSecond)} />
            <Metric label="Error rate (all)" value={formatPercent(metrics.total.errorRate, 1)} />
            <Metric label="Sockets" value={formatCount(metrics.total.sockets)} />
            <Metric label="Rooms" value={formatCount(metrics.total.rooms)} />
            <Metric label="Searches/min" value={formatRate(metrics.total.searchesPerMinute)} />
            <Metric label="Outbox backlog" value={formatCount(metrics.outboxBacklog)} />
          </dl>
          <div className="grid gap-3 xl:grid-cols-2">
            {metrics.replicas.map((replica) => (
              <ReplicaCard key={replica.replica} replica={replica} />
            ))}
          </div>
          <p className="text-xs text-bone-500">
            Measured <time dateTime={metrics.at}>{new Date(metrics.at).toLocaleTimeString('en-US')}</time>; updated every few seconds.
          </p>
        </div>
      )}
    </AdminSection>
  );
}
