import type { ApiKeyCreated, ApiKeySummary } from '@cinema-dna/shared-types';
import { useState } from 'react';
import { ApiKeyList } from './api-key-list';
import { CreateApiKeyForm } from './create-api-key-form';
import { NewApiKeyPanel } from './new-api-key-panel';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

/** Create a key (its secret shown once), list the live ones, revoke with a confirmation. */
export function ApiKeyManager() {
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  return (
    <div className="grid content-start gap-6">
      <CreateApiKeyForm onCreated={setCreated} />
      {created && <NewApiKeyPanel key={created.id} created={created} onDismiss={() => setCreated(null)} />}
      <ApiKeyList
        onRevoke={(apiKey) => {
          setRevoking(apiKey);
          setConfirmOpen(true);
        }}
      />
      <RevokeApiKeyDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        apiKey={revoking}
        onRevoked={(keyId) => setCreated((current) => (current?.id === keyId ? null : current))}
      />
    </div>
  );
}
