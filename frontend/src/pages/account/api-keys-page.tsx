import { ApiKeyManager, ApiKeyUsage } from '../../features/api-keys';
import { RequireAuth } from '../../features/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageContainer, PageHeader } from '../../ui/page-header';

/** Message on the sign-in prompt and toast when a visitor who is not signed in opens the page. */
export const API_KEYS_AUTH_MESSAGE = 'Please log in to manage your API keys.';

/** /account/api-keys (sign-in required): create, list and revoke the keys that call the API as you. */
export default function ApiKeysPage() {
  useDocumentTitle('API keys');
  return (
    <RequireAuth message={API_KEYS_AUTH_MESSAGE}>
      <PageContainer>
        {/* Phones: the heading, the keys, then how to use them; wide screens: notes beside the keys. */}
        <div className="grid gap-10 lg:grid-cols-[minmax(0,21rem)_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-16 lg:gap-y-10">
          <PageHeader eyebrow="Account" title="API keys" lead="Call the Cinema DNA API from your own scripts and tools, as you." className="lg:col-start-1 lg:row-start-1" />
          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <ApiKeyManager />
          </div>
          <ApiKeyUsage className="lg:col-start-1 lg:row-start-2" />
        </div>
      </PageContainer>
    </RequireAuth>
  );
}
