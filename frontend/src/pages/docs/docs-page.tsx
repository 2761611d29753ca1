import { Link } from 'react-router-dom';
import { AuthGuide, useApiReference, useTabParam } from '../../features/api-docs/guide-entry';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageContainer, PageHeader } from '../../ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { EndpointsGuide } from './endpoints-guide';
import { ExamplesTab } from './examples-tab';
import { GuideOverview } from './guide-overview';

/** Spec §2: /docs has tabs Overview, Endpoints, Examples, Auth (values are the URL's `?tab=`). */
export const DOCS_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'endpoints', label: 'Endpoints' },
  { value: 'examples', label: 'Examples' },
  { value: 'auth', label: 'Auth' },
] as const;
const TAB_VALUES = DOCS_TABS.map((tab) => tab.value);

/** /docs: a readable guide to the API, with worked examples that run against this server. */
export default function DocsPage() {
  useDocumentTitle('Developer Guide');
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const reference = useApiReference();
  return (
    <PageContainer>
      <PageHeader
        eyebrow="Developers"
        title="Developer Guide"
        lead={
          <>
            How the Cinema DNA API thinks, in plain words, with examples you can run right here. The full reference and a test console are on{' '}
            <Link to="/api-docs" className="text-amber-soft underline decoration-amber-glow/40 underline-offset-4 hover:text-amber-glow">
              API Documentation
            </Link>
            .
          </>
        }
      />
      <Tabs value={tab} onValueChange={setTab} className="mt-10">
        <TabsList aria-label="Developer guide" className="max-w-xl">
          {DOCS_TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview" className="mt-10">
          <GuideOverview reference={reference.data} />
        </TabsContent>
        <TabsContent value="endpoints" className="mt-10">
          <EndpointsGuide reference={reference} />
        </TabsContent>
        <TabsContent value="examples" className="mt-10">
          <ExamplesTab />
        </TabsContent>
        <TabsContent value="auth" className="mt-10">
          <AuthGuide reference={reference.data} />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
