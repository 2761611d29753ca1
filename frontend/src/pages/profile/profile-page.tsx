import { PROFILE_TEXTS } from '@cinema-dna/shared-types';
import { useSnapshot } from 'valtio';
import { RequireAuth, authState } from '../../features/auth';
import { ProfileView } from '../../features/profiles';
import { PageContainer } from '../../ui/page-header';

function OwnProfile() {
  const username = useSnapshot(authState).user?.username;
  return username ? <ProfileView username={username} title={PROFILE_TEXTS.ownTitle} /> : null;
}

/** /profile (spec §2, sign-in required): your own profile, with Edit Profile. */
export default function ProfilePage() {
  return (
    <RequireAuth message={PROFILE_TEXTS.signInRequired}>
      <PageContainer className="sm:py-14">
        <OwnProfile />
      </PageContainer>
    </RequireAuth>
  );
}
