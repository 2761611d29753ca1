import { useParams } from 'react-router-dom';
import { ProfileView } from '../../features/profiles';
import { PageContainer } from '../../ui/page-header';

/** /u/:username: anyone's profile, signed in or not ('Profile Not Found' for no such active account). */
export default function UserProfilePage() {
  const { username = '' } = useParams();
  return (
    <PageContainer className="sm:py-14">
      {/* Keyed by name: moving from one profile to another starts from its Overview skeleton. */}
      <ProfileView key={username.toLowerCase()} username={username} />
    </PageContainer>
  );
}
