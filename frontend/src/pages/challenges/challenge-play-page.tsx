import { useParams } from 'react-router-dom';
import { RequireAuth } from '../../features/auth';
import { PlayScreen } from '../../features/challenges';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageContainer } from '../../ui/page-header';

/** /challenges/play/:challengeId (sign-in required): one challenge, played link by link. */
export default function ChallengePlayPage() {
  useDocumentTitle('Play a challenge');
  const { challengeId = '' } = useParams();
  return (
    <RequireAuth message="Please log in to play challenges.">
      <PageContainer className="max-w-5xl py-8 sm:py-12">
        <PlayScreen key={challengeId} challengeId={challengeId} />
      </PageContainer>
    </RequireAuth>
  );
}
