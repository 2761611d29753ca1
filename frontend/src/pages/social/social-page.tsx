import { Activity, LockKeyhole, LogIn, Search, UserPlus, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { authState, openLoginDialog } from '../../features/auth';
import { ActivityFeed, EmptyState, UserGrid, isSearchableQuery, useDiscoverUsers, useFollowing, useUserSearch } from '../../features/social';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/button';
import { Input } from '../../ui/form-field';
import { PageContainer, PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';

/** Spec §2 Community: the texts of the page. */
export const SOCIAL_TEXTS = {
  title: 'Community',
  fullAccess: 'Full Access Required',
  join: 'Join the Community',
  searchResults: 'Search Results',
  discover: 'Discover New Users',
  following: 'Users You Follow',
  activity: 'Recent Activity',
  noDiscover: 'No users to discover right now.',
  noFollowing: 'Not Following Anyone Yet',
} as const;

const TABS = ['discover', 'following', 'activity'] as const;
type SocialTab = (typeof TABS)[number];
const TAB_LABELS: Record<SocialTab, string> = { discover: 'Discover', following: 'Following', activity: 'Activity' };
const LEAD = 'Find fellow cinephiles, follow their discoveries and see what they watch, review and earn as it happens.';

function SectionTitle({ icon: Icon, children }: { icon: typeof Users; children: string }) {
  return (
    <h2 className="mb-4 flex items-center gap-2 font-display text-2xl font-medium tracking-tight text-bone-50">
      <Icon aria-hidden className="size-5 text-amber-glow" strokeWidth={1.8} />
      {children}
    </h2>
  );
}

/** The user search box and its 'Search Results' grid (spec §5: runs when the query is longer than 2 characters). */
function UserSearch({ viewerId }: { viewerId: number }) {
  const [text, setText] = useState('');
  const search = useUserSearch(text);
  const typing = text.trim().length > 0 && !isSearchableQuery(text);
  return (
    <section aria-label="Find users" className="mt-10">
      <div className="relative max-w-xl">
        <Search aria-hidden className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-bone-500" />
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search users by name or username…"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-10 pr-10"
          autoComplete="off"
        />
        {search.isFetching && (
          <span className="absolute right-3.5 top-1/2 -translate-y-1/2">
            <Spinner className="size-4" label="Searching users" />
          </span>
        )}
        {text && !search.isFetching && (
          <button type="button" aria-label="Clear search" onClick={() => setText('')} className="absolute right-2.5 top-1/2 -translate-y-1/2 rounded-full p-1.5 text-bone-400 hover:bg-ink-700 hover:text-bone-50">
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
      {typing && <p className="mt-2 text-sm text-bone-500">Type at least 3 characters to search.</p>}
      {search.query && (
        <div className="mt-8">
          <SectionTitle icon={Search}>{SOCIAL_TEXTS.searchResults}</SectionTitle>
          <UserGrid
            label={SOCIAL_TEXTS.searchResults}
            users={search.data}
            isError={search.isError}
            error={search.error}
            onRetry={() => void search.refetch()}
            viewerId={viewerId}
            skeletons={3}
            empty={<EmptyState title={`No users match “${search.query}”.`}>Try another name or username.</EmptyState>}
          />
        </div>
      )}
    </section>
  );
}

function DiscoverPanel({ viewerId }: { viewerId: number }) {
  const discover = useDiscoverUsers();
  return (
    <>
      <SectionTitle icon={UserPlus}>{SOCIAL_TEXTS.discover}</SectionTitle>
      <UserGrid
        label={SOCIAL_TEXTS.discover}
        users={discover.data}
        isError={discover.isError}
        error={discover.error}
        onRetry={() => void discover.refetch()}
        viewerId={viewerId}
        empty={<EmptyState title={SOCIAL_TEXTS.noDiscover}>Check back once more people have joined and logged a few films.</EmptyState>}
      />
    </>
  );
}

function FollowingPanel({ viewerId }: { viewerId: number }) {
  const following = useFollowing();
  return (
    <>
      <SectionTitle icon={Users}>{SOCIAL_TEXTS.following}</SectionTitle>
      <UserGrid
        label={SOCIAL_TEXTS.following}
        users={following.data}
        isError={following.isError}
        error={following.error}
        onRetry={() => void following.refetch()}
        viewerId={viewerId}
        showFollow={false}
        empty={<EmptyState title={SOCIAL_TEXTS.noFollowing}>Follow people from Discover or the search to see their activity here.</EmptyState>}
      />
    </>
  );
}

/** The signed-in Community page: search, then Discover / Following / Activity (tab kept in the URL). */
function CommunityContent({ viewerId }: { viewerId: number }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: SocialTab = TABS.includes(requested as SocialTab) ? (requested as SocialTab) : 'discover';
  return (
    <PageContainer>
      <PageHeader eyebrow="Social" title={SOCIAL_TEXTS.title} lead={LEAD} />
      <UserSearch viewerId={viewerId} />
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'discover' ? {} : { tab: value }, { replace: true })} className="mt-12">
        <TabsList className="max-w-md">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="discover">
          <DiscoverPanel viewerId={viewerId} />
        </TabsContent>
        <TabsContent value="following">
          <FollowingPanel viewerId={viewerId} />
        </TabsContent>
        <TabsContent value="activity">
          <div className="max-w-3xl">
            <SectionTitle icon={Activity}>{SOCIAL_TEXTS.activity}</SectionTitle>
            <ActivityFeed />
          </div>
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}

/**
 * What a guest sees (spec §2): the page dimmed behind a 'Full Access Required' card whose Sign In
 * buttons open the login dialog. The preview is the page's own frame with empty placeholders: no
 * invented people or numbers.
 */
function GuestCommunity() {
  return (
    <PageContainer>
      <div className="relative">
        <div aria-hidden inert className="pointer-events-none select-none opacity-40 blur-[2px]" data-testid="community-preview">
          <PageHeader eyebrow="Social" title={SOCIAL_TEXTS.title} lead={LEAD} />
          <div className="mt-10 h-11 max-w-xl rounded-xl border border-ink-600 bg-ink-950/60" />
          <div className="mt-12 grid h-11 max-w-md grid-cols-3 gap-1 rounded-full bg-ink-950/70 p-1 ring-1 ring-inset ring-ink-700">
            {TABS.map((value) => (
              <span key={value} className="grid place-items-center rounded-full text-sm text-bone-400 first:bg-ink-700 first:text-bone-50">
                {TAB_LABELS[value]}
              </span>
            ))}
          </div>
          <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((card) => (
              // Phones show three: the overlay card needs no longer page behind it.
              <Skeleton key={card} className={`h-52 rounded-2xl animate-none ${card >= 3 ? 'hidden sm:block' : ''}`} />
            ))}
          </div>
        </div>
        <div className="absolute inset-0 flex items-start justify-center pt-24 sm:pt-32">
          <section aria-labelledby="full-access-title" className="w-full max-w-md rounded-2xl border border-ink-700 bg-ink-850/95 p-7 text-center shadow-[0_30px_80px_-30px_rgba(0,0,0,0.9)] backdrop-blur sm:p-9">
            <span className="mx-auto grid size-14 place-items-center rounded-full bg-amber-glow/10 ring-1 ring-inset ring-amber-glow/30">
              <LockKeyhole aria-hidden className="size-6 text-amber-glow" strokeWidth={1.7} />
            </span>
            <p className="mt-5 text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">{SOCIAL_TEXTS.fullAccess}</p>
            <h1 id="full-access-title" className="mt-2 font-display text-3xl font-medium tracking-tight text-bone-50">
              {SOCIAL_TEXTS.join}
            </h1>
            <p className="mx-auto mt-3 max-w-xs leading-relaxed text-bone-400">Sign in to find fellow cinephiles, follow them and watch their activity live.</p>
            <div className="mt-7 grid gap-3">
              <Button size="lg" className="w-full" onClick={() => openLoginDialog('login')}>
                <LogIn aria-hidden className="size-4" />
                Sign In
              </Button>
              <Button variant="secondary" size="lg" className="w-full" onClick={() => openLoginDialog('register')}>
                Create an account
              </Button>
            </div>
          </section>
        </div>
      </div>
    </PageContainer>
  );
}

/** /social (spec §2 Community page). */
export default function SocialPage() {
  useDocumentTitle(SOCIAL_TEXTS.title);
  const { user, loading } = useSnapshot(authState);
  if (user) return <CommunityContent viewerId={user.id} />;
  if (loading || user === undefined) {
    return (
      <div className="flex min-h-[55vh] items-center justify-center">
        <Spinner className="size-7" label="Checking your session" />
      </div>
    );
  }
  return <GuestCommunity />;
}
