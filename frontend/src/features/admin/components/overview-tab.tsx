import { nounFor } from '@cinema-dna/shared-types';
import type { AdminStats, DependencyHealth } from '@cinema-dna/shared-types';
import { Activity, ArrowRight, Search, Share2, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/number-format';
import { Skeleton } from '../../../ui/skeleton';
import { useAdminStats } from '../api/overview';
import { formatDate } from '../lib/admin-format';
import { HealthPill } from './health-pill';
import { AdminSection, PanelEmpty, PanelError, PanelSkeleton } from './panel-states';

function StatCard({ label, icon: Icon, value, children }: { label: string; icon: LucideIcon; value?: ReactNode; children?: ReactNode }) {
  return (
    <article aria-label={label} className="rounded-2xl border border-ink-700 bg-ink-850/60 p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-medium text-bone-400">{label}</h3>
        <Icon aria-hidden className="size-4 text-amber-glow" />
      </div>
      {value !== undefined && <p className="mt-3 font-display text-3xl font-medium tabular-nums text-bone-50">{value}</p>}
      {children}
    </article>
  );
}

function HealthLine({ label, status }: { label: string; status: DependencyHealth }) {
  return (
    <li className="flex items-center justify-between gap-3 text-sm">
      <span className="text-bone-300">{label}</span>
      <HealthPill status={status} />
    </li>
  );
}

/** Overview: the four cards, Top Connections and Recent Users. */
export function OverviewTab({ active }: { active: boolean }) {
  const stats = useAdminStats(active);
  if (stats.isPending) {
    return (
      <div aria-busy="true" aria-label="Loading overview" className="grid gap-6">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((card) => (
            <Skeleton key={card} className="h-32 rounded-2xl" />
          ))}
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <PanelSkeleton label="Loading top connections" rows={5} />
          <PanelSkeleton label="Loading recent users" rows={5} />
        </div>
      </div>
    );
  }
  if (stats.isError) return <PanelError title="The overview could not be loaded." error={stats.error} onRetry={() => void stats.refetch()} />;
  return <OverviewContent stats={stats.data} />;
}

function OverviewContent({ stats }: { stats: AdminStats }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Users" icon={Users} value={formatCount(stats.totalUsers)}>
          <p className="mt-1 text-sm text-bone-400" data-testid="daily-active-users">
            <span className="font-medium tabular-nums text-bone-100">{formatCount(stats.dailyActiveUsers)}</span> daily active users
          </p>
        </StatCard>
        <StatCard label="Total Connections" icon={Share2} value={formatCount(stats.totalConnections)}>
          <p className="mt-1 text-sm text-bone-400">Distinct pairs searched</p>
        </StatCard>
        <StatCard label="Total Searches" icon={Search} value={formatCount(stats.totalSearches)}>
          <p className="mt-1 text-sm text-bone-400">Connection searches answered</p>
        </StatCard>
        <StatCard label="System Health" icon={Activity}>
          <ul className="mt-3 grid gap-2">
            <HealthLine label="Database" status={stats.systemHealth.database} />
            <HealthLine label="Movie database API" status={stats.systemHealth.tmdbApi} />
          </ul>
        </StatCard>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <AdminSection title="Top Connections">
          {stats.topConnections.length === 0 ? (
            <PanelEmpty icon={Share2} title="No connections searched yet">
              Pairs appear here once people search for them.
            </PanelEmpty>
          ) : (
            <ol aria-label="Top Connections" className="grid gap-2">
              {stats.topConnections.map((connection, index) => (
                <li key={connection.id} className="flex items-center gap-3 rounded-xl bg-ink-900/60 px-3 py-2.5 text-sm">
                  <span className="grid size-7 shrink-0 place-items-center rounded-full bg-ink-800 text-xs font-semibold tabular-nums text-amber-soft">{index + 1}</span>
                  <span className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-0.5">
                    <Link to={`/entity/${connection.fromEntity.type}/${connection.fromEntity.id}`} className="truncate text-bone-100 hover:text-amber-soft">
                      {connection.fromEntity.name}
                    </Link>
                    <ArrowRight aria-label="to" className="size-3.5 shrink-0 text-bone-500" />
                    <Link to={`/entity/${connection.toEntity.type}/${connection.toEntity.id}`} className="truncate text-bone-100 hover:text-amber-soft">
                      {connection.toEntity.name}
                    </Link>
                  </span>
                  <span className="shrink-0 tabular-nums text-bone-400" title="Searches">
                    {formatCount(connection.searchCount)} <span className="sr-only sm:not-sr-only">{nounFor(connection.searchCount, 'search', 'searches')}</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </AdminSection>
        <AdminSection title="Recent Users">
          {stats.recentUsers.length === 0 ? (
            <PanelEmpty icon={Users} title="No members yet" />
          ) : (
            <ul aria-label="Recent Users" className="grid gap-2">
              {stats.recentUsers.map((user) => (
                <li key={user.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-ink-900/60 px-3 py-2.5 text-sm">
                  <Link to={`/u/${user.username}`} className="min-w-0 flex-1 basis-full truncate font-medium text-bone-100 hover:text-amber-soft sm:basis-0">
                    {user.username}
                  </Link>
                  <span className="tabular-nums text-bone-400">Level {user.level}</span>
                  <span className="tabular-nums text-bone-400">{formatCount(user.points)} pts</span>
                  <span className="text-bone-500">
                    <time dateTime={user.lastActive}>{formatDate(user.lastActive)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </AdminSection>
      </div>
    </div>
  );
}
