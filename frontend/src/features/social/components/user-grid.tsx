import type { SocialUser } from '@cinema-dna/shared-types';
import { RotateCw, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { UserCard } from './user-card';

interface UserGridProps {
  /** Accessible name of the list ('Search Results', 'Discover New Users', …). */
  label: string;
  users: SocialUser[] | undefined;
  isError: boolean;
  error: unknown;
  onRetry: () => void;
  viewerId: number | undefined;
  showFollow?: boolean;
  /** What an empty list says. */
  empty: ReactNode;
  /** Placeholder cards while loading. */
  skeletons?: number;
}

/** A failed read: the server's words, and a way to try again. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-scarlet/40 bg-scarlet/5 p-6">
      <p className="font-medium text-bone-50">{what} could not be loaded.</p>
      <p className="mt-1 text-sm text-bone-400">{error instanceof ApiRequestError ? error.message : 'The server’s answer was not understood.'}</p>
      <Button variant="secondary" size="sm" className="mt-4" onClick={onRetry}>
        <RotateCw aria-hidden className="size-4" />
        Try again
      </Button>
    </div>
  );
}

/** An empty list, in the spec's words. */
export function EmptyState({ title, children, icon = <Users aria-hidden className="size-6 text-bone-500" strokeWidth={1.6} /> }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-ink-700 px-6 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-ink-800">{icon}</span>
      <p className="mt-4 font-medium text-bone-100">{title}</p>
      {children && <p className="mt-1 max-w-sm text-sm text-bone-500">{children}</p>}
    </div>
  );
}

/** A grid of user cards, with its skeletons, its empty state and its error. */
export function UserGrid({ label, users, isError, error, onRetry, viewerId, showFollow = true, empty, skeletons = 6 }: UserGridProps) {
  if (isError) return <LoadFailed what={label} error={error} onRetry={onRetry} />;
  if (!users) {
    return (
      <div aria-busy="true" aria-label={`Loading ${label}`} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: skeletons }, (_, index) => (
          <Skeleton key={index} className="h-52 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (users.length === 0) return <>{empty}</>;
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {users.map((user) => (
        <li key={user.id}>
          <UserCard user={user} viewerId={viewerId} showFollow={showFollow} />
        </li>
      ))}
    </ul>
  );
}
