import { ADMIN_TEXTS, type AdminConnection, type EntityType } from '@cinema-dna/shared-types';
import { Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCount, plural } from '../../../lib/number-format';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import { ConfirmDeleteDialog } from '../../reviews';
import { useAdminConnections, useDeleteAdminConnection } from '../api/connections';
import { adminErrorText, formatDate } from '../lib/admin-format';
import { usePagedSearch } from '../hooks/use-paged-search';
import { PanelEmpty, PanelError, PanelSkeleton } from './panel-states';
import { TablePager } from './table-pager';
import { TableSearch, td, th } from './users-tab';

const TYPE_LABELS: Record<EntityType, string> = {
  person: 'Person',
  movie: 'Movie',
  genre: 'Genre',
  keyword: 'Keyword',
  company: 'Company',
  collection: 'Collection',
  award: 'Award',
  location: 'Location',
};

/** The entity's own id: the server keys pairs as `type:id` (`person:kevin-bacon`); links and the search take the id alone too. */
export const bareEntityId = (id: string, type: EntityType) => (id.startsWith(`${type}:`) ? id.slice(type.length + 1) : id);

function EntityCell({ id, name, type }: { id: string; name: string; type: EntityType }) {
  const bare = bareEntityId(id, type);
  return (
    <>
      <Link to={`/entity/${type}/${encodeURIComponent(bare)}`} className="font-medium text-bone-50 hover:text-amber-soft">
        {name}
      </Link>
      <span className="mt-0.5 block text-xs text-bone-500">
        {TYPE_LABELS[type] ?? type} · <span className="font-mono">{bare}</span>
      </span>
    </>
  );
}

/** Connections: every searched pair, searchable by either entity's id; delete per row. */
export function ConnectionsTab({ active }: { active: boolean }) {
  const { search, setSearch, debounced, offset, setOffset } = usePagedSearch();
  const connections = useAdminConnections(debounced, offset, active);
  const remove = useDeleteAdminConnection();
  const [deleting, setDeleting] = useState<AdminConnection | null>(null);

  function confirm() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: ADMIN_TEXTS.connectionDeleted });
      },
      onError: (error) => toast({ title: 'Connection not deleted', description: adminErrorText(error), variant: 'destructive' }),
    });
  }

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TableSearch label="Search connections" placeholder="Search by from or to entity id" value={search} onChange={setSearch} />
        {connections.data && <p className="text-sm text-bone-400">{plural(connections.data.total, 'connection')}</p>}
      </div>
      {connections.isPending ? (
        <PanelSkeleton label="Loading connections" rows={6} />
      ) : connections.isError ? (
        <PanelError title="The connections could not be loaded." error={connections.error} onRetry={() => void connections.refetch()} />
      ) : connections.data.connections.length === 0 ? (
        <PanelEmpty icon={Share2} title={debounced ? 'No connections match your search' : 'No connections searched yet'}>
          {debounced ? `No searched pair starts or ends at “${debounced}”.` : 'Pairs appear here once people search for them.'}
        </PanelEmpty>
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-ink-700 bg-ink-850/60" tabIndex={0} role="region" aria-label="Connections table">
          <table className="w-full min-w-[52rem] text-sm">
            <thead className="border-b border-ink-700">
              <tr>
                <th className={th}>From Entity</th>
                <th className={th}>To Entity</th>
                <th className={th}>Type</th>
                <th className={th}>Search Count</th>
                <th className={th}>Created</th>
                <th className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-800">
              {connections.data.connections.map((connection) => (
                <tr key={connection.id} data-testid="admin-connection-row">
                  <td className={td}>
                    <EntityCell id={connection.fromEntityId} name={connection.fromEntityName} type={connection.fromEntityType} />
                  </td>
                  <td className={td}>
                    <EntityCell id={connection.toEntityId} name={connection.toEntityName} type={connection.toEntityType} />
                  </td>
                  <td className={`${td} whitespace-nowrap text-bone-300`}>{connection.degrees === null ? 'No connection' : plural(connection.degrees, 'degree')}</td>
                  <td className={`${td} tabular-nums text-bone-300`}>{formatCount(connection.searchCount)}</td>
                  <td className={`${td} whitespace-nowrap text-bone-400`}>
                    <time dateTime={connection.createdAt}>{formatDate(connection.createdAt)}</time>
                  </td>
                  <td className={`${td} text-right`}>
                    <Button
                      variant="ghost-danger"
                      size="sm"
                      aria-label={`Delete ${connection.fromEntityName} to ${connection.toEntityName}`}
                      onClick={() => setDeleting(connection)}
                    >
                      <Trash2 aria-hidden className="size-4" />
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {connections.data && (
        <TablePager
          label="Connections"
          offset={offset}
          shown={connections.data.connections.length}
          total={connections.data.total}
          onOffset={setOffset}
        />
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this connection?"
        description={deleting ? <>The searched pair {deleting.fromEntityName} → {deleting.toEntityName} and its count go from the records.</> : null}
        confirmLabel="Delete connection"
        pending={remove.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
