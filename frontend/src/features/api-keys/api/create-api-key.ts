import type { ApiKeyCreateRequest, ApiKeyCreated, ApiKeyList } from '@cinema-dna/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { api } from '../../../lib/api-client-typed';
import { authState } from '../../auth';
import { apiKeysQueryKey } from './list-api-keys';

/** POST /api/users/me/api-keys: a new key; the answer is the only time its secret is shown. */
export function createApiKey(input: ApiKeyCreateRequest): Promise<ApiKeyCreated> {
  return api.post('/api/users/me/api-keys', { body: input });
}

/** Creates a key and puts it, without its secret, at the top of the cached list. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  const userId = useSnapshot(authState).user?.id;
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: ({ id, name, prefix, createdAt }) => {
      if (userId === undefined) return;
      queryClient.setQueryData<ApiKeyList>(apiKeysQueryKey(userId), (current) => ({
        keys: [{ id, name, prefix, createdAt, lastUsedAt: null }, ...(current?.keys ?? []).filter((key) => key.id !== id)],
      }));
    },
  });
}
