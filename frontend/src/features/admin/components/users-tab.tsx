import { ADMIN_TEXTS, ROLES, type AdminUser, type Role } from '@cinema-dna/shared-types';
import { Search, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatCount, plural } from '../../../lib/number-format';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Input, Select } from '../../../ui/form-field';
import { Switch } from '../../../ui/switch';
import { toast } from '../../../ui/toast';
import { authState } from '../../auth';
import { useAdminUsers, useUpdateAdminUser } from '../api/users';
import { adminErrorText, formatDate } from '../lib/admin-format';
import { DeleteUserDialog } from './delete-user-dialog';
import { usePagedSearch } from '../hooks/use-paged-search';
import { PanelEmpty, PanelError, PanelSkeleton } from './panel-states';
import { TablePager } from './table-pager';

const ROLE_LABELS: Record<Role, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };

/** A search box over a table. */
export function TableSearch({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="relative w-full max-w-sm">
      <Search aria-hidden className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-bone-500" />
      <Input type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} className="pl-10" />
    </div>
  );
}

export const th = 'whitespace-nowrap px-3 py-3 text-left text-xs font-semibold uppercase tracking-[0.12em] text-bone-500 first:pl-5 last:pr-5';
export const td = 'px-3 py-3 align-middle first:pl-5 last:pr-5';

/** Users: search by username or email; role, active flag and delete per row. */
export function UsersTab({ active }: { active: boolean }) {
  const { search, setSearch, debounced, offset, setOffset } = usePagedSearch();
  const users = useAdminUsers(debounced, offset, active);
  const update = useUpdateAdminUser();
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const me = useSnapshot(authState).user;

  function change(user: AdminUser, patch: { role?: Role; isActive?: boolean }) {
    update.mutate(
      { userId: user.id, update: patch },
      {
        onSuccess: () => toast({ title: ADMIN_TEXTS.userUpdated }),
        onError: (error) => toast({ title: 'User not updated', description: adminErrorText(error), variant: 'destructive' }),
      },
    );
  }
  const busy = (user: AdminUser) => update.isPending && update.variables?.userId === user.id;

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TableSearch label="Search users" placeholder="Search by username or email" value={search} onChange={setSearch} />
        {users.data && <p className="text-sm text-bone-400">{plural(users.data.total, 'user')}</p>}
      </div>
      {users.isPending ? (
        <PanelSkeleton label="Loading users" rows={6} />
      ) : users.isError ? (
        <PanelError title="The users could not be loaded." error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <PanelEmpty icon={Users} title={debounced ? 'No users match your search' : 'No users yet'}>
          {debounced ? `Nobody's username or email contains “${debounced}”.` : undefined}
        </PanelEmpty>
      ) : (
        // Phones scroll the table sideways inside its frame; the page itself never does.
        <div className="relative overflow-x-auto rounded-2xl border border-ink-700 bg-ink-850/60" tabIndex={0} role="region" aria-label="Users table">
          <table className="w-full min-w-[52rem] text-sm">
            <thead className="border-b border-ink-700">
              <tr>
                <th className={th}>Username</th>
                <th className={th}>Email</th>
                <th className={th}>Level</th>
                <th className={th}>Points</th>
                <th className={th}>Role</th>
                <th className={th}>Status</th>
                <th className={th}>Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-800">
              {users.data.users.map((user) => (
                <tr key={user.id} data-testid="admin-user-row" aria-label={user.username}>
                  <td className={td}>
                    <span className="font-medium text-bone-50">{user.username}</span>
                    {me?.id === user.id && (
                      <Badge tone="amber" className="ml-2">
                        You
                      </Badge>
                    )}
                    <span className="mt-0.5 block text-xs text-bone-500">Active {formatDate(user.lastActive)}</span>
                  </td>
                  <td className={`${td} max-w-[16rem] truncate text-bone-300`} title={user.email}>
                    {user.email}
                  </td>
                  <td className={`${td} tabular-nums text-bone-300`}>{user.level}</td>
                  <td className={`${td} tabular-nums text-bone-300`}>{formatCount(user.points)}</td>
                  <td className={`${td} w-40`}>
                    <Select
                      aria-label={`Role of ${user.username}`}
                      value={user.role}
                      disabled={busy(user)}
                      onChange={(event) => change(user, { role: event.target.value as Role })}
                      className="h-9 text-sm"
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </Select>
                  </td>
                  <td className={td}>
                    <span className="flex items-center gap-2.5">
                      <Switch
                        aria-label={`${user.username} is active`}
                        checked={user.isActive}
                        disabled={busy(user)}
                        onCheckedChange={(checked) => change(user, { isActive: checked })}
                      />
                      <span className={user.isActive ? 'text-bone-300' : 'text-bone-500'}>{user.isActive ? 'Active' : 'Inactive'}</span>
                    </span>
                  </td>
                  <td className={td}>
                    <Button variant="ghost-danger" size="sm" aria-label={`Delete ${user.username}`} onClick={() => setDeleting(user)}>
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
      {users.data && (
        <TablePager label="Users" offset={offset} shown={users.data.users.length} total={users.data.total} onOffset={setOffset} />
      )}
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
