import { ConnectionResultSchema, EntitySummarySchema } from '@cinema-dna/shared-types';
import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { ConnectionResult } from '../../features/connections';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from '../../ui/button';

/** What a page hands over in router state to show a result here. */
export const ConnectionResultStateSchema = z.object({
  result: ConnectionResultSchema,
  fromEntity: EntitySummarySchema,
  toEntity: EntitySummarySchema,
});
export type ConnectionResultState = z.infer<typeof ConnectionResultStateSchema>;

/** /connection-result: shows a result passed in router state; without one, back to home. */
export default function ConnectionResultPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const parsed = ConnectionResultStateSchema.safeParse(location.state);
  useDocumentTitle('Connection result');
  if (!parsed.success) return <Navigate to="/" replace />;
  const { result, fromEntity, toEntity } = parsed.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <Link to="/" className={buttonClasses('ghost', 'sm', '-ml-2')}>
        <ArrowLeft aria-hidden className="size-4" />
        Back to Search
      </Link>
      <div className="mt-8">
        <ConnectionResult from={fromEntity} to={toEntity} result={result} onFindNew={() => navigate('/')} onTryDifferent={() => navigate('/')} />
      </div>
    </div>
  );
}
