import type { UserProfile } from '@cinema-dna/shared-types';
import { CalendarDays, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { plural } from '../../../lib/number-format';
import { Badge } from '../../../ui/badge';
import { UserAvatar } from '../../social';
import { nextLevelText } from '../lib/level-progress';
import { ProgressBar } from './progress-bar';

const joined = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
/** Badges the header names before '+N more' (the Badges tab lists them all). */
const HEADER_BADGES = 5;

/** Spec §2 profile header: name, @username, joined date, bio, level, points, badges and the bar to the next level. */
export function ProfileHeader({ profile, actions }: { profile: UserProfile; actions?: ReactNode }) {
  const { user } = profile;
  const name = user.displayName || user.username;
  return (
    <header className="rounded-3xl border border-ink-700 bg-gradient-to-br from-ink-850 via-ink-850/80 to-ink-900 p-6 sm:p-8">
      <div className="flex items-start gap-4 sm:gap-6">
        <UserAvatar name={name} className="size-14 text-2xl sm:size-20 sm:text-4xl" />
        <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="break-words font-display text-3xl font-medium tracking-tight text-bone-50 sm:text-4xl">{name}</h1>
            <p className="mt-1 text-bone-400">@{user.username}</p>
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      </div>
      {/* Under the name from sm up (indented past the avatar); full width on phones. */}
      <div className="mt-4 sm:pl-[6.5rem]">
        <p className="flex items-center gap-1.5 text-sm text-bone-500">
          <CalendarDays aria-hidden className="size-4" />
          Joined {joined.format(new Date(user.joinedAt))}
        </p>
        {user.bio && <p className="mt-4 max-w-2xl whitespace-pre-line leading-relaxed text-bone-300">{user.bio}</p>}
        <div className="mt-5 flex flex-wrap items-center gap-2">
          <Badge tone="amber">
            Level {user.level} · {user.levelName}
          </Badge>
          <Badge>{plural(user.points, 'point')}</Badge>
          {profile.badges.slice(0, HEADER_BADGES).map((earned) => (
            <Badge key={earned.id} tone={earned.badge.isRare ? 'amber' : 'outline'}>
              {earned.badge.isRare && <Sparkles aria-label="Rare" className="size-3" />}
              {earned.badge.name}
            </Badge>
          ))}
          {profile.badges.length > HEADER_BADGES && <Badge tone="outline">+{profile.badges.length - HEADER_BADGES} more</Badge>}
        </div>
        <div className="mt-6 max-w-xl">
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
            <span className="text-bone-300">Progress to next level</span>
            <span data-testid="next-level-text" className="text-bone-400">
              {nextLevelText(profile)}
            </span>
          </div>
          <ProgressBar percent={profile.progressToNext} label="Progress to next level" className="h-2" />
        </div>
      </div>
    </header>
  );
}
