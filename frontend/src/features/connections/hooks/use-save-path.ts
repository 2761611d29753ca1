import type { EntitySummary, PathStep } from '@cinema-dna/shared-types';
import { snapshot } from 'valtio';
import { ApiRequestError } from '../../../lib/api-client';
import { toast } from '../../../ui/toast';
import { authState, openLoginDialog, setUser } from '../../auth';
import { saveConnectionPayload, useSaveConnection } from '../api/save-connection';

function askToLogIn() {
  toast({ title: 'Login Required', description: 'Please log in to save connections to your collection', variant: 'destructive' });
  openLoginDialog('login');
}

/** Save Path: a login prompt when signed out, otherwise POST /api/connections/save with the spec's toasts. */
export function useSavePath() {
  const mutation = useSaveConnection();

  function save(from: EntitySummary, to: EntitySummary, path: readonly PathStep[], degrees: number) {
    // Signed out: ask at once. Still checking the session: let the server decide (a 401 asks then).
    if (snapshot(authState).user === null) {
      askToLogIn();
      return;
    }
    if (path.length < 2) {
      toast({ title: 'Save Failed', description: 'Invalid connection path', variant: 'destructive' });
      return;
    }
    mutation.mutate(saveConnectionPayload(from, to, [...path], degrees), {
      onSuccess: () => toast({ title: 'Connection Saved', description: 'Added to your discovered connections' }),
      onError: (error) => {
        if (error instanceof ApiRequestError && (error.status === 401 || /unauthori[sz]ed/i.test(error.message))) {
          // The session ended (expired, or signed out in another tab): the header must say so too.
          if (error.status === 401) setUser(null);
          askToLogIn();
          return;
        }
        const message = error instanceof ApiRequestError ? error.serverMessage : undefined;
        toast({ title: 'Save Failed', description: message ?? 'Unable to save connection', variant: 'destructive' });
      },
    });
  }

  return { save, saving: mutation.isPending };
}
