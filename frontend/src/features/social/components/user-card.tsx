import { USER_CARD_BADGES, type SocialUser } from '@cinema-dna/shared-types';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../lib/number-format';
import { Badge } from '../../../ui/badge';
import { userProfilePath } from '../lib/profile-path';
import { FollowButton } from './follow-button';
import { UserAvatar } from './user-avatar';

interface UserCardProps {
  user: SocialUser;
  /** The signed-in user's id: their own card has no follow button. */
  viewerId: number | undefined;
  /** The Following tab lists people already followed: no follow button there (spec §2). */
  showFollow?: boolean;
}

/** Up to 3 badges, and how many more there are ('+N more', spec §9). */
export function visibleBadges<T>(badges: readonly T[]): { shown: T[]; more: number } {
  return { shown: badges.slice(0, USER_CARD_BADGES), more: Math.max(0, badges.length - USER_CARD_BADGES) };
}

/** One community member: who they are, their numbers, their badges and a follow button. */
export function UserCard({ user, viewerId, showFollow = true }: UserCardProps) {
  const { shown, more } = visibleBadges(user.badges);
  const name = user.displayName || user.username;
  const stats: [string, number][] = [
    ['Points', user.points],
    ['Connections', user.connectionsFound],
    ['Reviews', user.reviewCount],
    ['Followers', user.followersCount],
  ];
  return (
    <article data-testid="user-card" aria-label={name} className="flex h-full flex-col rounded-2xl border border-ink-700 bg-ink-850/70 p-5 transition-colors hover:border-ink-600">
      <div className="flex items-start gap-3">
        <Link to={userProfilePath(user.username)} tabIndex={-1} aria-hidden>
          <UserAvatar name={name} />
        </Link>
        <div className="min-w-0 flex-1">
          <Link to={userProfilePath(user.username)} className="block truncate font-medium text-bone-50 hover:text-amber-soft focus-visible:outline-2 focus-visible:outline-amber-glow">
            {name}
          </Link>
          <p className="truncate text-sm text-bone-500">@{user.username}</p>
        </div>
        {showFollow && viewerId !== undefined && viewerId !== user.id && (
          <FollowButton userId={user.id} name={name} isFollowing={user.isFollowing} />
        )}
      </div>
      <Badge tone="amber" className="mt-3 self-start whitespace-nowrap">
        Level {user.level} · {user.levelName}
      </Badge>
      {user.reason && <p className="mt-2 text-sm text-bone-400">{user.reason}</p>}
      <dl className="mt-4 grid grid-cols-4 gap-1 border-t border-ink-700/70 pt-4 text-center">
        {stats.map(([label, value]) => (
          <div key={label} className="flex min-w-0 flex-col-reverse">
            <dt className="truncate text-xs text-bone-500">{label}</dt>
            <dd className="font-display text-lg tabular-nums text-bone-50">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      {user.badges.length > 0 && (
        <ul aria-label="Badges" className="mt-4 flex flex-wrap gap-1.5">
          {shown.map((badge) => (
            <li key={badge.id}>
              <Badge tone={badge.isRare ? 'amber' : 'neutral'}>
                {badge.isRare && <Sparkles aria-label="Rare" className="size-3" />}
                {badge.name}
              </Badge>
            </li>
          ))}
          {more > 0 && (
            <li>
              <Badge tone="outline">+{more} more</Badge>
            </li>
          )}
        </ul>
      )}
    </article>
  );
}
