import type { ApiKeySummary } from '@cinema-dna/shared-types';
import { Trash2 } from 'lucide-react';
import { ApiRequestError } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../../ui/dialog';
import { toast } from '../../../ui/toast';
import { useRevokeApiKey } from '../api/revoke-api-key';

interface RevokeApiKeyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The key to revoke; kept while the dialog animates closed. */
  apiKey: ApiKeySummary | null;
  onRevoked?: (keyId: number) => void;
}

/** Asks before revoking: a revoked key stops working at once, and there is no undo. */
export function RevokeApiKeyDialog({ open, onOpenChange, apiKey, onRevoked }: RevokeApiKeyDialogProps) {
  const revokeMutation = useRevokeApiKey();

  function revoke() {
    if (!apiKey) return;
    revokeMutation.mutate(apiKey.id, {
      onSuccess: () => {
        onOpenChange(false);
        onRevoked?.(apiKey.id);
        toast({ title: 'API Key Revoked', description: `“${apiKey.name}” can no longer be used.` });
      },
      onError: (error) => {
        const message = error instanceof ApiRequestError ? error.serverMessage : undefined;
        toast({ title: 'Could Not Revoke Key', description: message ?? 'Unable to revoke the API key. Please try again.', variant: 'destructive' });
      },
    });
  }

  const revoking = revokeMutation.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !revoking && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <div className="pr-6">
          <DialogTitle>Revoke this API key?</DialogTitle>
          <DialogDescription className="mt-3 leading-relaxed">
            Anything using <span className="font-medium text-bone-100">“{apiKey?.name}”</span>{' '}
            <span className="font-mono text-[13px] text-bone-300">({apiKey?.prefix}…)</span> will stop working at once. This cannot be undone.
          </DialogDescription>
        </div>
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={revoking}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" onClick={revoke} disabled={revoking}>
            <Trash2 aria-hidden className="size-4" />
            {revoking ? 'Revoking…' : 'Revoke key'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
