import type { AuditAction, AuditEntry } from '@cinema-dna/shared-types';
import { ScrollText } from 'lucide-react';
import { Button } from '../../../ui/button';
import { useAuditLog } from '../api/system';
import { formatDateTime } from '../lib/admin-format';
import { AdminSection, PanelEmpty, PanelError, PanelSkeleton } from './panel-states';

const ACTION_LABELS: Record<AuditAction, string> = {
  'user.updated': 'Updated user',
  'user.deleted': 'Deleted user',
  'connection.deleted': 'Deleted connection',
  'cache.cleared': 'Cleared cache',
  'leaderboards.rebuilt': 'Rebuilt leaderboards',
  'data.exported': 'Exported data',
  'review.hidden': 'Hid review',
  'review.restored': 'Restored review',
  'contact.updated': 'Updated message',
};

/** A before or after state in one short line: `role: user`, `isActive: false`. */
function describeState(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value !== 'object') return String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '—';
  return entries.map(([key, inner]) => `${key}: ${typeof inner === 'object' && inner !== null ? JSON.stringify(inner) : String(inner)}`).join(', ');
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const short = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));

/** `role: user → moderator` for the fields that changed; the whole before → after when nothing can be compared. */
export function describeChange(before: unknown, after: unknown): string {
  if (isRecord(before) && isRecord(after)) {
    const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    if (changed.length > 0) return changed.map((key) => `${key}: ${key in before ? short(before[key]) : '—'} → ${key in after ? short(after[key]) : '—'}`).join(', ');
  }
  return `${describeState(before)} → ${describeState(after)}`;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** What an action did, in a sentence naming who or what it touched: "Changed role of @alice from user to moderator". */
export function auditSummary(entry: Pick<AuditEntry, 'action' | 'targetType' | 'targetId' | 'before' | 'after'>): string {
  const before = isRecord(entry.before) ? entry.before : {};
  const after = isRecord(entry.after) ? entry.after : {};
  const target = entry.targetId !== null ? `${entry.targetType} #${entry.targetId}` : entry.targetType;
  if (entry.action === 'user.updated' || entry.action === 'user.deleted') {
    const username = text(after.username) ?? text(before.username);
    const who = username ? `@${username}` : target;
    if (entry.action === 'user.deleted') return `Deleted the account of ${who}`;
    const changes: string[] = [];
    if (before.role !== after.role && text(after.role)) changes.push(`Changed role of ${who} from ${text(before.role) ?? '—'} to ${text(after.role)}`);
    if (before.isActive !== after.isActive && typeof after.isActive === 'boolean') changes.push(`${after.isActive ? 'Reactivated' : 'Deactivated'} ${who}`);
    return changes.length > 0 ? changes.join('; ') : `Saved ${who} unchanged`;
  }
  return `${ACTION_LABELS[entry.action] ?? entry.action} ${target}`;
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  // A change to a user is said in full by the summary; other actions list their fields below it.
  const detailed = entry.action !== 'user.updated' && (entry.before !== null || entry.after !== null);
  return (
    <li data-testid="audit-entry" className="grid gap-1 rounded-xl bg-ink-900/60 px-4 py-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-baseline sm:gap-4">
      <span className="font-medium text-bone-100">{entry.actor?.username ?? 'a deleted member'}</span>
      <span className="min-w-0 text-bone-300">
        <span className="font-medium text-amber-soft">{auditSummary(entry)}</span>
        {detailed && (
          <span className="mt-0.5 block break-words text-xs text-bone-500">
            {describeChange(entry.before, entry.after)}
          </span>
        )}
      </span>
      <time dateTime={entry.createdAt} className="whitespace-nowrap text-xs text-bone-500">
        {formatDateTime(entry.createdAt)}
      </time>
    </li>
  );
}

/** Every admin and moderator action, newest first, a page at a time. */
export function AuditLog({ active }: { active: boolean }) {
  const audit = useAuditLog(active);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <AdminSection title="Audit log">
      {audit.isPending ? (
        <PanelSkeleton label="Loading the audit log" rows={4} />
      ) : audit.isError && entries.length === 0 ? (
        <PanelError title="The audit log could not be loaded." error={audit.error} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <PanelEmpty icon={ScrollText} title="No actions recorded yet">
          Every change an admin or moderator makes is listed here.
        </PanelEmpty>
      ) : (
        <>
          <ol aria-label="Audit log" className="grid gap-2">
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ol>
          {audit.hasNextPage && (
            <Button variant="secondary" size="sm" className="mt-4" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
              {audit.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </AdminSection>
  );
}
