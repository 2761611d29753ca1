import { useParams, useSearchParams } from 'react-router-dom';
import { RaceRoom } from '../../features/challenges';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageContainer } from '../../ui/page-header';

/**
 * /challenges/race/:code: a live race room. Signed in, you join as a player; signed out (or with
 * `?watch=1`), as a spectator.
 */
export default function RacePage() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const roomCode = code.toUpperCase();
  useDocumentTitle(`Race ${roomCode}`);
  return (
    <PageContainer className="py-8 sm:py-12">
      <RaceRoom key={roomCode} code={roomCode} watch={params.get('watch') === '1'} />
    </PageContainer>
  );
}
