import { ADMIN_TABS, type AdminTab, type Role } from '@cinema-dna/shared-types';
import { ShieldAlert } from 'lucide-react';
import { useEffect, useRef, type JSX } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ConnectionsTab, ContentTab, OverviewTab, SystemTab, UsersTab } from '../../features/admin';
import { RequireAuth, authState } from '../../features/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from '../../ui/button';
import { PageContainer, PageHeader } from '../../ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';

/** The route of the spec's admin dashboard. */
export const ADMIN_PATH = '/secure-admin-access-panel';
/** Spec §2: the five tabs. */
export const ADMIN_TAB_LABELS: Record<AdminTab, string> = { overview: 'Overview', users: 'Users', connections: 'Connections', system: 'System', content: 'Content' };
const PANELS: Record<AdminTab, (props: { active: boolean }) => JSX.Element> = {
  overview: OverviewTab,
  users: UsersTab,
  connections: ConnectionsTab,
  system: SystemTab,
  content: ContentTab,
};

/** The tabs a role may open: administrators all five, moderators only Content, others none. */
export function adminTabsFor(role: Role): readonly AdminTab[] {
  if (role === 'admin') return ADMIN_TABS;
  if (role === 'moderator') return ['content'];
  return [];
}

/** A signed-in member without a staff role. */
function NoAccess() {
  return (
    <section aria-labelledby="no-access-title" className="flex min-h-[55vh] items-center justify-center px-4 py-16">
      <div className="w-full max-w-md rounded-2xl border border-ink-700 bg-ink-850/80 p-7 text-center sm:p-9">
        <span className="mx-auto grid size-14 place-items-center rounded-full bg-scarlet/10 ring-1 ring-inset ring-scarlet/30">
          <ShieldAlert aria-hidden className="size-6 text-scarlet" strokeWidth={1.7} />
        </span>
        <h1 id="no-access-title" className="mt-6 font-display text-3xl font-medium tracking-tight text-bone-50">
          You don't have access
        </h1>
        <p className="mx-auto mt-3 max-w-xs leading-relaxed text-bone-400">This area is for administrators and moderators. If you think you should be here, ask an administrator.</p>
        <Link to="/" className={buttonClasses('secondary', 'lg', 'mt-8 w-full')}>
          Back to home
        </Link>
      </div>
    </section>
  );
}

function Dashboard({ role }: { role: Role }) {
  const [params, setParams] = useSearchParams();
  const tabs = adminTabsFor(role);
  const requested = params.get('tab') as AdminTab | null;
  const tab: AdminTab = requested && tabs.includes(requested) ? requested : tabs[0]!;
  // On a phone the five tabs scroll sideways: keep the open one in view (a link can open Content directly).
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const reveal = () => {
      const list = listRef.current?.querySelector<HTMLElement>('[role="tablist"]');
      const active = list?.querySelector<HTMLElement>('[data-state="active"]');
      if (list && active && list.scrollWidth > list.clientWidth) list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
    };
    reveal();
    // A phone turned, or a window narrowed: the open tab may have slid out of view.
    window.addEventListener('resize', reveal);
    return () => window.removeEventListener('resize', reveal);
  }, [tab]);
  const lead =
    role === 'admin'
      ? 'Members, searched connections, the health of every service and replica, and the moderation queue. Every action here is recorded in the audit log.'
      : 'Reported reviews and messages from the contact page. Every action here is recorded in the audit log.';
  return (
    <PageContainer>
      <PageHeader eyebrow={role === 'admin' ? 'Administration' : 'Moderation'} title="Admin Dashboard" lead={lead} />
      <Tabs value={tab} onValueChange={(value) => setParams(value === tabs[0] ? {} : { tab: value }, { replace: true, preventScrollReset: true })} className="mt-10">
        <div ref={listRef}>
          <TabsList aria-label="Admin sections" layout="wrap" className="relative">
            {tabs.map((value) => (
              <TabsTrigger key={value} value={value}>
                {ADMIN_TAB_LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {tabs.map((value) => {
          const Panel = PANELS[value];
          // Radix mounts only the open tab's content; `active` also keeps its queries off while hidden.
          return (
            <TabsContent key={value} value={value} className="mt-8">
              <Panel active={tab === value} />
            </TabsContent>
          );
        })}
      </Tabs>
    </PageContainer>
  );
}

function RoleGate() {
  const { user } = useSnapshot(authState);
  if (!user) return null;
  return user.role === 'user' ? <NoAccess /> : <Dashboard role={user.role} />;
}

/**
 * /secure-admin-access-panel: signed out, the sign-in prompt; a member, "You don't have access";
 * a moderator, Content; an administrator, all five tabs (the tab in the URL). The server checks
 * every call again; this only keeps people away from screens they cannot use.
 */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  return (
    <RequireAuth message="Please log in with an administrator or moderator account.">
      <RoleGate />
    </RequireAuth>
  );
}
