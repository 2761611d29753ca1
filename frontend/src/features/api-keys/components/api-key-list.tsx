import type { ApiKeySummary } from '@cinema-dna/shared-types';
import { KeyRound, RotateCw, Trash2 } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast';
import { useApiKeys } from '../api/list-api-keys';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function When({ iso, withTime }: { iso: string; withTime?: boolean }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={dateTimeFormat.format(date)}>
      {(withTime ? dateTimeFormat : dateFormat).format(date)}
    </time>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-[11px] font-semibold uppercase tracking-[0.14em] text-bone-500">{label}</dt>
      <dd className="text-sm text-bone-300">{children}</dd>
    </div>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: (key: ApiKeySummary) => void }) {
  return (
    <li aria-label={apiKey.name} data-testid="api-key-row" className="flex flex-col gap-4 px-5 py-5 sm:flex-row sm:items-center sm:gap-6 sm:px-7">
      <div className="flex min-w-0 flex-1 items-start gap-3.5">
        <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-ink-800 ring-1 ring-inset ring-ink-600">
          <KeyRound aria-hidden className="size-4 text-bone-400" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium text-bone-50">{apiKey.name}</p>
          <p className="mt-0.5 font-mono text-[13px] text-bone-400" data-testid="api-key-prefix">
            {apiKey.prefix}…
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 pl-[3.125rem] sm:w-72 sm:pl-0">
        <Meta label="Created">
          <When iso={apiKey.createdAt} />
        </Meta>
        <Meta label="Last used">{apiKey.lastUsedAt ? <When iso={apiKey.lastUsedAt} withTime /> : <span className="text-bone-500">Never</span>}</Meta>
      </dl>
      <Button
        variant="ghost-danger"
        size="sm"
        className="ml-[3.125rem] self-start sm:ml-0 sm:self-center"
        aria-label={`Revoke ${apiKey.name}`}
        onClick={() => onRevoke(apiKey)}
      >
        <Trash2 aria-hidden className="size-4" />
        Revoke
      </Button>
    </li>
  );
}

function ListSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading API keys" className="divide-y divide-ink-800">
      {[0, 1, 2].map((row) => (
        <li key={row} className="flex items-center gap-4 px-5 py-5 sm:px-7">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-28" />
          </div>
          <Skeleton className="hidden h-8 w-48 sm:block" />
          <Skeleton className="h-8 w-20 rounded-full" />
        </li>
      ))}
    </ul>
  );
}

/** The user's live keys: a skeleton while loading, an empty state, or one row per key with Revoke. */
export function ApiKeyList({ onRevoke }: { onRevoke: (key: ApiKeySummary) => void }) {
  const { data: keys, isPending, isError, error, refetch, isFetching } = useApiKeys();

  useEffect(() => {
    if (!error) return;
    const message = error instanceof ApiRequestError ? error.serverMessage : undefined;
    toast({ title: 'Could Not Load Keys', description: message ?? 'Unable to load your API keys. Please try again.', variant: 'destructive' });
  }, [error]);

  return (
    <section aria-labelledby="key-list-title" className="overflow-hidden rounded-2xl border border-ink-800 bg-ink-850/60">
      <div className="flex items-center justify-between gap-4 border-b border-ink-800 px-5 py-4 sm:px-7">
        <h2 id="key-list-title" className="font-display text-2xl font-medium tracking-tight text-bone-50">
          Your keys
        </h2>
        {keys && keys.length > 0 && <Badge tone="outline">{keys.length} active</Badge>}
      </div>
      {isPending ? (
        <ListSkeleton />
      ) : isError ? (
        <div className="grid justify-items-center gap-4 px-6 py-12 text-center">
          <p className="text-bone-400">Your keys could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            <RotateCw aria-hidden className="size-4" />
            Try again
          </Button>
        </div>
      ) : keys.length === 0 ? (
        <div className="grid justify-items-center gap-3 px-6 py-14 text-center">
          <span className="grid size-12 place-items-center rounded-full bg-ink-800 ring-1 ring-inset ring-ink-600">
            <KeyRound aria-hidden className="size-5 text-bone-400" />
          </span>
          <p className="font-medium text-bone-100">No API keys yet</p>
          <p className="max-w-xs text-sm text-bone-500">Create one above to call the Cinema DNA API from your own code.</p>
        </div>
      ) : (
        <ul aria-label="API keys" className="divide-y divide-ink-800">
          {keys.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} onRevoke={onRevoke} />
          ))}
        </ul>
      )}
    </section>
  );
}
