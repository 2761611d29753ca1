import { useRef } from 'react';
import { Link } from 'react-router-dom';
import {
  ApiConsole,
  AuthGuide,
  EndpointList,
  LiveSearchConsole,
  ReferenceError,
  ReferenceSkeleton,
  selectOperation,
  useApiReference,
  useSocketReference,
  useTabParam,
  type ApiOperation,
} from '../../features/api-docs';
import { useSnapshot } from 'valtio';
import { realtimeState, useSocket } from '../../features/realtime';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageContainer, PageHeader } from '../../ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { OverviewTab } from './overview-tab';

/** Spec §2: tabs Overview, Endpoints, API Testing, Authentication (values are the URL's `?tab=`). */
export const API_DOCS_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'endpoints', label: 'Endpoints' },
  { value: 'testing', label: 'API Testing' },
  { value: 'authentication', label: 'Authentication' },
] as const;
const TAB_VALUES = API_DOCS_TABS.map((tab) => tab.value);

/** /api-docs: the API reference generated from the server's OpenAPI document, with a test console. */
export default function ApiDocsPage() {
  useDocumentTitle('API Documentation');
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const reference = useApiReference();
  // The socket contract is a bonus to the HTTP list: if it fails to load, the endpoints still show.
  const socketReference = useSocketReference();
  const socket = useSocket();
  const { connected } = useSnapshot(realtimeState);
  const tabsTop = useRef<HTMLDivElement>(null);

  function tryOperation(operation: ApiOperation) {
    selectOperation(operation.key);
    setTab('testing');
    tabsTop.current?.scrollIntoView({ block: 'start' });
  }

  const loaded = reference.data;
  const pending = reference.isPending ? <ReferenceSkeleton /> : null;
  const failed = reference.isError ? <ReferenceError message={reference.error.message} onRetry={() => void reference.refetch()} /> : null;

  return (
    <PageContainer>
      <PageHeader
        eyebrow="Developers"
        title="API Documentation"
        lead={
          <>
            Every call this site makes, documented from the server’s own route declarations, and a console to try them live. Prefer a walkthrough? Read{' '}
            <Link to="/docs" className="text-amber-soft underline decoration-amber-glow/40 underline-offset-4 hover:text-amber-glow">
              the developer guide
            </Link>
            .
          </>
        }
      />
      <div ref={tabsTop} className="mt-10 scroll-mt-20">
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList layout="wrap" aria-label="API documentation" className="max-w-2xl">
            {API_DOCS_TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview" className="mt-10">
            <OverviewTab reference={reference} />
          </TabsContent>
          <TabsContent value="endpoints" className="mt-10">
            {pending ?? failed ?? (loaded && <EndpointList reference={loaded} socket={socketReference.data} onTry={tryOperation} />)}
          </TabsContent>
          <TabsContent value="testing" className="mt-10 grid gap-12">
            {pending ?? failed ?? (loaded && <ApiConsole reference={loaded} />)}
            <LiveSearchConsole socket={socket} connected={connected} />
          </TabsContent>
          <TabsContent value="authentication" className="mt-10">
            <AuthGuide reference={loaded} />
          </TabsContent>
        </Tabs>
      </div>
    </PageContainer>
  );
}
