import { PROFILE_TEXTS } from '@cinema-dna/shared-types';
import { UserX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ApiRequestError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { buttonClasses } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs';
import { authState } from '../../auth';
import { FollowButton, LoadFailed } from '../../social';
import { useProfile } from '../api/get-profile';
import { BadgesTab } from './badges-tab';
import { CompareDialog } from './compare-dialog';
import { EditProfileDialog } from './edit-profile-dialog';
import { ListsTab } from './lists-tab';
import { OverviewTab } from './overview-tab';
import { ProfileHeader } from './profile-header';
import { ReviewsTab } from './reviews-tab';
import { StatCards } from './stat-cards';

/** Spec §4 profile tabs. */
const TABS = ['overview', 'badges', 'reviews', 'lists'] as const;
type ProfileTab = (typeof TABS)[number];
const TAB_LABELS: Record<ProfileTab, string> = { overview: 'Overview', badges: 'Badges', reviews: 'Reviews', lists: 'Lists' };

function ProfileSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the profile" className="grid gap-6">
      <Skeleton className="h-64 rounded-3xl" />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} className="h-28 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-2xl" />
    </div>
  );
}

/** 'Profile Not Found' (spec §8): no active account by that name. */
export function ProfileNotFound() {
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center text-center">
      <span className="grid size-14 place-items-center rounded-full bg-ink-800">
        <UserX aria-hidden className="size-6 text-bone-400" strokeWidth={1.7} />
      </span>
      <h1 className="mt-6 font-display text-3xl font-medium tracking-tight text-bone-50">{PROFILE_TEXTS.notFound}</h1>
      <p className="mt-3 max-w-sm text-bone-400">No member of the community goes by that name, or their account is no longer active.</p>
      <Link to="/social" className={buttonClasses('secondary', 'md', 'mt-8')}>
        Find people in the Community
      </Link>
    </section>
  );
}

/** A whole profile page: header, stat cards and the four tabs (tab kept in the URL). */
export function ProfileView({ username, title }: { username: string; /** The tab title, when the page has one of its own ("Your profile"). */ title?: string }) {
  const viewer = useSnapshot(authState).user;
  const profile = useProfile(username);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ProfileTab = TABS.includes(requested as ProfileTab) ? (requested as ProfileTab) : 'overview';
  const data = profile.data;
  useDocumentTitle(title ?? (data ? `${data.user.displayName || data.user.username} (@${data.user.username})` : 'Profile'));

  if (profile.error instanceof ApiRequestError && profile.error.status === 404) return <ProfileNotFound />;
  if (profile.isError) return <LoadFailed what="This profile" error={profile.error} onRetry={() => void profile.refetch()} />;
  if (!data) return <ProfileSkeleton />;

  const name = data.user.displayName || data.user.username;
  const actions = data.isSelf ? (
    <EditProfileDialog profile={data} />
  ) : viewer ? (
    <>
      <FollowButton userId={data.user.id} name={name} isFollowing={data.isFollowing} />
      <CompareDialog viewerId={viewer.id} userId={data.user.id} name={name} />
    </>
  ) : null;

  return (
    <div className="grid gap-6 sm:gap-8">
      <ProfileHeader profile={data} actions={actions} />
      <StatCards profile={data} />
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'overview' ? {} : { tab: value }, { replace: true })}>
        <TabsList layout="wrap" className="max-w-xl">
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab profile={data} />
        </TabsContent>
        <TabsContent value="badges">
          <BadgesTab badges={data.badges} />
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewsTab userId={data.user.id} />
        </TabsContent>
        <TabsContent value="lists">
          <ListsTab userId={data.user.id} isSelf={data.isSelf} name={name} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
