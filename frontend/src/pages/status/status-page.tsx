import { statusCheckNote } from '@cinema-dna/shared-types';
import { RotateCw } from 'lucide-react';
import { StatusBoard, UptimeHistory, useStatus, useStatusHistory } from '../../features/status';
import { ApiRequestError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { PageContainer, PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';

function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-scarlet/40 bg-scarlet/5 p-5">
      <p className="font-medium text-bone-50">{title}</p>
      <p className="mt-1 text-sm text-bone-400">{error instanceof ApiRequestError ? error.message : 'Please try again.'}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        <RotateCw aria-hidden className="size-4" />
        Try again
      </Button>
    </div>
  );
}

/**
 * /status (spec §2 Other pages): six services measured by the server's checker, the overall state
 * (§4), Refresh that checks again for real, a "Last updated" clock ticking every 30 s, 90 days of
 * uptime per service and the incidents.
 */
export default function StatusPage() {
  useDocumentTitle('System Status');
  const status = useStatus();
  const history = useStatusHistory();
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader eyebrow="Status" title="System Status" lead={status.data ? statusCheckNote(status.data.checkIntervalMs) : 'The server checks every service itself, from inside the app.'} />
      <div className="mt-10 grid gap-6">
        {status.isPending ? (
          <div aria-busy="true" aria-label="Loading status" className="grid gap-6">
            <Skeleton className="h-24 rounded-2xl" />
            <div className="grid gap-px overflow-hidden rounded-2xl border border-ink-700">
              {Array.from({ length: 6 }, (_, row) => (
                <Skeleton key={row} className="h-20 rounded-none" />
              ))}
            </div>
          </div>
        ) : status.isError ? (
          <LoadError title="The status could not be loaded." error={status.error} onRetry={() => void status.refetch()} />
        ) : (
          <StatusBoard status={status.data} />
        )}
        {history.isPending ? (
          <Skeleton aria-label="Loading uptime history" className="h-96 rounded-2xl" />
        ) : history.isError ? (
          <LoadError title="The uptime history could not be loaded." error={history.error} onRetry={() => void history.refetch()} />
        ) : (
          <UptimeHistory history={history.data} />
        )}
      </div>
    </PageContainer>
  );
}
