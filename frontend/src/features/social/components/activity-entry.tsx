import type { ActivityItem } from '@cinema-dna/shared-types';
import { Activity, Award, BookOpen, Link2, ListPlus, MessageSquare, Trophy, UserPlus, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { plural } from '../../../lib/number-format';
import { userProfilePath } from '../lib/profile-path';
import { relativeTime } from '../lib/relative-time';
import { StarRating } from './star-rating';

const ICONS: Record<string, LucideIcon> = {
  connection: Link2,
  review: MessageSquare,
  list: ListPlus,
  follow: UserPlus,
  badge: Award,
  diary: BookOpen,
  challenge: Trophy,
};

/** `movie:heat-1995` → /entity/movie/heat-1995; null without a usable key. */
export function entityPathOf(entityKey: string | undefined): string | null {
  if (!entityKey) return null;
  const colon = entityKey.indexOf(':');
  if (colon <= 0 || colon === entityKey.length - 1) return null;
  return `/entity/${encodeURIComponent(entityKey.slice(0, colon))}/${encodeURIComponent(entityKey.slice(colon + 1))}`;
}

const linkClass = 'font-medium text-bone-100 underline decoration-ink-600 underline-offset-4 hover:text-amber-soft hover:decoration-amber-glow';

function Title({ name, entityKey }: { name: string | undefined; entityKey: string | undefined }) {
  if (!name) return <>a film</>;
  const path = entityPathOf(entityKey);
  return path ? (
    <Link to={path} className={linkClass}>
      {name}
    </Link>
  ) : (
    <span className="font-medium text-bone-100">{name}</span>
  );
}

/** What the item says after its author's name, per type (spec §3 activity content). */
function describe(item: ActivityItem): ReactNode {
  const c = item.content;
  switch (item.type) {
    case 'connection':
      return (
        <>
          found a connection from <span className="font-medium text-bone-100">{c.from}</span> to <span className="font-medium text-bone-100">{c.to}</span>
          {c.degrees !== undefined && <span className="text-bone-500"> · {plural(c.degrees, 'degree')}</span>}
        </>
      );
    case 'review':
      return (
        <>
          reviewed <Title name={c.movieTitle} entityKey={c.entityKey} /> {c.rating !== undefined && <StarRating rating={c.rating} />}
        </>
      );
    case 'list':
      return (
        <>
          {c.movieTitle ? (
            <>
              added <Title name={c.movieTitle} entityKey={c.entityKey} /> to{' '}
            </>
          ) : (
            'updated '
          )}
          <span className="font-medium text-bone-100">{c.listName ?? 'a list'}</span>
        </>
      );
    case 'follow':
      return (
        <>
          started following{' '}
          {c.targetUser ? (
            <Link to={userProfilePath(c.targetUser)} className={linkClass}>
              {c.targetDisplayName || c.targetUser}
            </Link>
          ) : (
            'someone'
          )}
        </>
      );
    case 'badge':
      return (
        <>
          earned the <span className="font-medium text-amber-soft">{c.badgeName}</span> badge
        </>
      );
    case 'diary':
      return (
        <>
          {c.rewatch ? 'rewatched' : 'watched'} <Title name={c.movieTitle} entityKey={c.entityKey} /> {c.rating !== undefined && <StarRating rating={c.rating} />}
        </>
      );
    case 'challenge':
      return (
        <>
          completed the challenge <span className="font-medium text-bone-100">{c.challengeTitle ?? 'a challenge'}</span>
          {c.points !== undefined && <span className="text-bone-500"> · +{plural(c.points, 'point')}</span>}
        </>
      );
    default:
      return 'was active';
  }
}

/** One line of the feed: an icon for its type, who did what (with links), and when. */
export function ActivityEntry({ item, now }: { item: ActivityItem; now: number }) {
  const Icon = ICONS[item.type] ?? Activity;
  const name = item.user.displayName || item.user.username;
  return (
    <article data-testid="activity-item" data-type={item.type} className="flex gap-3 rounded-2xl border border-ink-700 bg-ink-850/70 p-4">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-amber-glow/10 ring-1 ring-inset ring-amber-glow/25">
        <Icon aria-hidden className="size-4 text-amber-glow" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="leading-relaxed text-bone-300">
          <Link to={userProfilePath(item.user.username)} className={linkClass}>
            {name}
          </Link>{' '}
          {describe(item)}
        </p>
        <time dateTime={item.timestamp} title={new Date(item.timestamp).toLocaleString()} className="mt-0.5 block text-xs text-bone-500">
          {relativeTime(item.timestamp, now)}
        </time>
      </div>
    </article>
  );
}
