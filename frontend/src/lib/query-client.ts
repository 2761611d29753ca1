import { QueryClient } from '@tanstack/react-query';

/** The spec's cache defaults: data never goes stale, no refetch on focus, no polling, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
