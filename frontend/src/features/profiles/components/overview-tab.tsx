import { ACHIEVEMENTS, PROFILE_RECENT_CONNECTIONS, type UserProfile } from '@cinema-dna/shared-types';
import { Activity, ArrowRight, Link2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCount, plural } from '../../../lib/number-format';
import { Skeleton } from '../../../ui/skeleton';
import { ActivityEntry, EmptyState, LoadFailed, relativeTime } from '../../social';
import { useUserActivity } from '../api/get-user-activity';
import { useUserConnections } from '../api/get-user-connections';
import { achievementPercent } from '../lib/level-progress';
import { ProgressBar } from './progress-bar';
import { YearInFilms } from './year-in-films';

/** Spec §8 empty state of the recent connections. */
export const NO_RECENT_CONNECTIONS = 'No recent connections found';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-2xl border border-ink-700 bg-ink-850/70 p-5 sm:p-6">
      <h3 className="mb-4 font-display text-xl font-medium text-bone-50">{title}</h3>
      {children}
    </section>
  );
}

/** The 5 latest saved connections (readable by their owner only, so shown on one's own profile). */
function RecentConnections({ userId }: { userId: number }) {
  const connections = useUserConnections(userId, true);
  if (connections.isError) return <LoadFailed what="Recent connections" error={connections.error} onRetry={() => void connections.refetch()} />;
  if (!connections.data)
    return (
      <div aria-busy="true" aria-label="Loading recent connections" className="grid gap-2">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-14 rounded-xl" />
        ))}
      </div>
    );
  const recent = connections.data.slice(0, PROFILE_RECENT_CONNECTIONS);
  if (recent.length === 0) return <EmptyState title={NO_RECENT_CONNECTIONS} icon={<Link2 aria-hidden className="size-6 text-bone-500" strokeWidth={1.6} />} />;
  return (
    <ol aria-label="Recent connections" className="grid gap-2">
      {recent.map((connection) => (
        <li key={connection.id} className="flex items-center gap-3 rounded-xl bg-ink-900/60 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm font-medium text-bone-100">
              <span className="truncate">{connection.fromEntity.name}</span>
              <ArrowRight aria-label="to" className="size-3.5 shrink-0 text-amber-glow" />
              <span className="truncate">{connection.toEntity.name}</span>
            </p>
            <p className="mt-0.5 text-xs text-bone-500">
              {plural(connection.degrees, 'degree')} · {relativeTime(connection.createdAt)}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** Spec-like empty text for another member's recent public activity. */
export const NO_RECENT_ACTIVITY_YET = 'No recent activity';

/** Another member's 5 latest public moments (their saved connections are readable by them alone). */
function RecentActivity({ userId }: { userId: number }) {
  const activity = useUserActivity(userId, true);
  if (activity.isError) return <LoadFailed what="Recent activity" error={activity.error} onRetry={() => void activity.refetch()} />;
  if (!activity.data)
    return (
      <div aria-busy="true" aria-label="Loading recent activity" className="grid gap-2">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-16 rounded-xl" />
        ))}
      </div>
    );
  if (activity.data.length === 0) return <EmptyState title={NO_RECENT_ACTIVITY_YET} icon={<Activity aria-hidden className="size-6 text-bone-500" strokeWidth={1.6} />} />;
  // Times read against when the list arrived (the list itself is read afresh on each visit).
  const now = activity.dataUpdatedAt;
  return (
    <ol aria-label="Recent activity" className="grid gap-2">
      {activity.data.map((item) => (
        <li key={item.id}>
          <ActivityEntry item={item} now={now} />
        </li>
      ))}
    </ol>
  );
}

/** Achievement progress (spec §9): Connection Explorer /10, Review Master /10, Point Collector /1000. */
export function achievementValues(profile: UserProfile): Record<(typeof ACHIEVEMENTS)[number]['id'], number> {
  return { 'connection-explorer': profile.stats.connectionsFound, 'review-master': profile.reviewCount, 'point-collector': profile.user.points };
}

function Achievements({ profile }: { profile: UserProfile }) {
  const values = achievementValues(profile);
  return (
    <ul className="grid gap-5">
      {ACHIEVEMENTS.map((achievement) => {
        const current = values[achievement.id];
        return (
          <li key={achievement.id}>
            <div className="mb-2 flex items-baseline justify-between gap-3 text-sm">
              <span className="font-medium text-bone-100">{achievement.name}</span>
              <span className="tabular-nums text-bone-400">
                {formatCount(Math.min(current, achievement.target))}/{formatCount(achievement.target)}
              </span>
            </div>
            <ProgressBar percent={achievementPercent(current, achievement.target)} label={achievement.name} />
          </li>
        );
      })}
    </ul>
  );
}

/** The Overview tab: recent connections (own profile) or recent activity (anyone else's), achievements and the year in films. */
export function OverviewTab({ profile }: { profile: UserProfile }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        {profile.isSelf ? (
          <Card title="Recent connections">
            <RecentConnections userId={profile.user.id} />
          </Card>
        ) : (
          <Card title="Recent activity">
            <RecentActivity userId={profile.user.id} />
          </Card>
        )}
        <Card title="Achievement progress">
          <Achievements profile={profile} />
        </Card>
      </div>
      <div className="rounded-2xl border border-ink-700 bg-ink-850/70 p-5 sm:p-6">
        <YearInFilms userId={profile.user.id} />
      </div>
    </div>
  );
}
