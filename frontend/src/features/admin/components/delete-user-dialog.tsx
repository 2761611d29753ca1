import { ADMIN_TEXTS, type AdminUser } from '@cinema-dna/shared-types';
import { Trash2 } from 'lucide-react';
import { formatCount } from '../../../lib/number-format';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../../ui/dialog';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast';
import { useDeleteAdminUser, useUserDeletion } from '../api/users';
import { adminErrorText } from '../lib/admin-format';
import { PanelError } from './panel-states';

/** What each counted row is called in the dialog, in this order; a count the server adds later shows under its own key. */
const REMOVED_LABELS: Record<string, string> = {
  diaryEntries: 'Diary entries',
  reviews: 'Reviews',
  follows: 'Follows (both ways)',
  watchlistItems: 'Watchlist items',
  savedConnections: 'Saved connections',
  ledgerRows: 'Points ledger rows',
  badges: 'Badges',
  sessions: 'Sessions',
  apiKeys: 'API keys',
  activityItems: 'Their activity items',
  challengeAttempts: 'Challenge attempts',
};
const ANONYMISED_LABELS: Record<string, string> = {
  activityItems: 'Activity items that name them',
  auditEntries: 'Audit log entries',
};

/** The counts in the labels' order, then any others. */
function countRows(counts: Record<string, number>, labels: Record<string, string>): Array<[string, number]> {
  const keys = [...Object.keys(labels).filter((key) => key in counts), ...Object.keys(counts).filter((key) => !(key in labels))];
  return keys.map((key) => [labels[key] ?? key, counts[key] ?? 0]);
}

function CountList({ label, rows }: { label: string; rows: Array<[string, number]> }) {
  return (
    <ul aria-label={label} className="mt-2 grid gap-1 text-sm">
      {rows.map(([name, count]) => (
        <li key={name} className="flex items-center justify-between gap-3 rounded-lg bg-ink-900/60 px-3 py-1.5">
          <span className="text-bone-300">{name}</span>
          <span className="tabular-nums font-medium text-bone-50">{formatCount(count)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Asks before deleting a member, with what it does counted first: what goes, and what stays for
 * others without their name. Stays open while the delete runs.
 */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const preview = useUserDeletion(user?.id ?? null);
  const remove = useDeleteAdminUser();

  function confirm() {
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: () => {
        toast({ title: ADMIN_TEXTS.userDeleted });
        onClose();
      },
      onError: (error) => toast({ title: 'User not deleted', description: adminErrorText(error), variant: 'destructive' }),
    });
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent role="alertdialog" className="max-w-lg">
        <div className="pr-6">
          <DialogTitle>Delete {user?.username}?</DialogTitle>
          <DialogDescription className="mt-3 leading-relaxed">
            Their account goes for good. This cannot be undone.
          </DialogDescription>
        </div>
        <div className="mt-5" data-testid="deletion-preview">
          {preview.isPending ? (
            <div aria-busy="true" aria-label="Counting what goes" className="grid gap-2">
              {[0, 1, 2, 3].map((row) => (
                <Skeleton key={row} className="h-7 rounded-lg" />
              ))}
            </div>
          ) : preview.isError ? (
            <PanelError title="What goes could not be counted." error={preview.error} onRetry={() => void preview.refetch()} />
          ) : (
            <>
              <h3 className="text-sm font-semibold text-bone-100">Removed</h3>
              <CountList label="Removed" rows={countRows(preview.data.removed, REMOVED_LABELS)} />
              <h3 className="mt-4 text-sm font-semibold text-bone-100">Kept without their name</h3>
              <CountList label="Anonymised" rows={countRows(preview.data.anonymised, ANONYMISED_LABELS)} />
            </>
          )}
        </div>
        <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" onClick={confirm} disabled={remove.isPending || !preview.data}>
            <Trash2 aria-hidden className="size-4" />
            {remove.isPending ? 'Deleting…' : 'Delete user'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
