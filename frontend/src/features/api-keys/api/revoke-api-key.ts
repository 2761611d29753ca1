import type { ApiKeyList } from '@cinema-dna/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { apiKeysQueryKey } from './list-api-keys';

/** DELETE /api/users/me/api-keys/:keyId: the key stops working at once (204). */
export function revokeApiKey(keyId: number): Promise<void> {
  return api.delete('/api/users/me/api-keys/:keyId', { params: { keyId } });
}

/** Revokes a key, drops it from the cached list, then re-reads the list either way. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  const userId = useSnapshot(authState).user?.id;
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (_answer, keyId) => {
      if (userId === undefined) return;
      queryClient.setQueryData<ApiKeyList>(apiKeysQueryKey(userId), (current) => current && { keys: current.keys.filter((key) => key.id !== keyId) });
    },
    onSettled: () => {
      if (userId !== undefined) void queryClient.invalidateQueries({ queryKey: apiKeysQueryKey(userId) });
    },
  });
}
