import { ADMIN_TEXTS, EXPORT_KINDS, type AdminSystem, type ExportKind } from '@cinema-dna/shared-types';
import { Download, Eraser, Trophy } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/class-names';
import { Button, buttonClasses } from '../../../ui/button';
import { Select } from '../../../ui/form-field';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast';
import { exportUrl, useAdminOperation, useAdminSystem, type AdminOperation } from '../api/system';
import { useAdminMetrics } from '../hooks/use-admin-metrics';
import { adminErrorText, formatMs, formatPercent } from '../lib/admin-format';
import { AuditLog } from './audit-log';
import { HealthPill } from './health-pill';
import { LiveMetrics } from './live-metrics';
import { AdminSection, PanelError } from './panel-states';

const EXPORT_LABELS: Record<ExportKind, string> = { all: 'All', users: 'Users', connections: 'Connections' };

/** A fraction 0..1 as a labelled bar: amber up to 70%, then warmer. */
function UsageBar({ label, fraction }: { label: string; fraction: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span className="text-bone-300">{label}</span>
        <span className="font-medium tabular-nums text-bone-50">{formatPercent(fraction)}</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="mt-2 h-2.5 overflow-hidden rounded-full bg-ink-800">
        <div className={cn('h-full rounded-full transition-[width] duration-500', percent >= 90 ? 'bg-scarlet' : percent >= 70 ? 'bg-amber-deep' : 'bg-amber-glow')} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function HealthRows({ system }: { system: AdminSystem }) {
  return (
    <ul aria-label="Health checks" className="grid gap-2">
      {system.health.map((row) => (
        <li key={row.name} data-testid="health-row" className="grid gap-1 rounded-xl bg-ink-900/60 px-4 py-3 text-sm sm:grid-cols-[12rem_8rem_5.5rem_minmax(0,1fr)] sm:items-center sm:gap-4">
          <span className="font-medium text-bone-100">{row.name}</span>
          <span>
            <HealthPill status={row.status} />
          </span>
          <span className="tabular-nums text-bone-300">{formatMs(row.latencyMs)}</span>
          <span className="min-w-0 break-words text-bone-400">{row.detail}</span>
        </li>
      ))}
    </ul>
  );
}

function Operations() {
  const operation = useAdminOperation();
  const [format, setFormat] = useState<'csv' | 'json'>('csv');

  function run(kind: AdminOperation, success: string) {
    operation.mutate(kind, {
      onSuccess: (answer) => toast({ title: success, description: answer.message }),
      onError: (error) => toast({ title: 'Operation failed', description: adminErrorText(error), variant: 'destructive' }),
    });
  }
  const running = (kind: AdminOperation) => operation.isPending && operation.variables === kind;

  return (
    <AdminSection title="Operations">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="grid content-start gap-3">
          <p className="text-sm text-bone-400">Empty the path cache (every replica reads the shared one), or rebuild the leaderboards from the points ledger.</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" disabled={operation.isPending} onClick={() => run('clear-cache', ADMIN_TEXTS.cacheCleared)}>
              <Eraser aria-hidden className="size-4" />
              {running('clear-cache') ? 'Clearing…' : 'Clear cache'}
            </Button>
            <Button variant="secondary" disabled={operation.isPending} onClick={() => run('rebuild-leaderboards', ADMIN_TEXTS.leaderboardsRebuilt)}>
              <Trophy aria-hidden className="size-4" />
              {running('rebuild-leaderboards') ? 'Rebuilding…' : 'Rebuild leaderboards'}
            </Button>
          </div>
        </div>
        <div className="grid content-start gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-bone-400">Export data as a streamed download.</p>
            <div className="w-28">
              <Select aria-label="Export format" value={format} onChange={(event) => setFormat(event.target.value as 'csv' | 'json')} className="h-9 text-sm">
                <option value="csv">CSV</option>
                <option value="json">JSON</option>
              </Select>
            </div>
          </div>
          <div className="flex flex-wrap gap-3">
            {EXPORT_KINDS.map((kind) => (
              // A plain link: the browser streams the file to disk as the server writes it.
              <a
                key={kind}
                href={exportUrl(kind, format)}
                download
                className={buttonClasses('secondary', 'md')}
                onClick={() => toast({ title: ADMIN_TEXTS.exportInitiated, description: `${EXPORT_LABELS[kind]} as ${format.toUpperCase()}` })}
              >
                <Download aria-hidden className="size-4" />
                Export {EXPORT_LABELS[kind]}
              </a>
            ))}
          </div>
        </div>
      </div>
    </AdminSection>
  );
}

/** System: health rows, load and memory, live metrics over the socket, operations and the audit log. */
export function SystemTab({ active }: { active: boolean }) {
  const system = useAdminSystem(active);
  const { metrics, live, refused } = useAdminMetrics(system.data?.metrics);
  return (
    <div className="grid gap-6">
      <AdminSection title="Health">
        {system.isPending ? (
          <div aria-busy="true" aria-label="Loading system health" className="grid gap-3">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-12 rounded-xl" />
            ))}
            <Skeleton className="mt-2 h-10 rounded-xl" />
          </div>
        ) : system.isError ? (
          <PanelError title="The system health could not be loaded." error={system.error} onRetry={() => void system.refetch()} />
        ) : (
          <div className="grid gap-6">
            <HealthRows system={system.data} />
            <div className="grid gap-5 sm:grid-cols-2">
              <UsageBar label="Server load" fraction={metrics?.replicas.length ? average(metrics.replicas.map((r) => r.serverLoad)) : system.data.serverLoad} />
              <UsageBar label="Memory usage" fraction={metrics?.replicas.length ? average(metrics.replicas.map((r) => r.memoryUsage)) : system.data.memoryUsage} />
            </div>
          </div>
        )}
      </AdminSection>
      <LiveMetrics metrics={metrics} live={live} refused={refused} />
      <Operations />
      <AuditLog active={active} />
    </div>
  );
}

const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
