import type { DocsExampleEntity, DocsExamples, FindConnectionRequest } from '@cinema-dna/shared-types';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** Where the server says which entities its examples name (chosen from its catalog at start-up). */
export const DOCS_EXAMPLES_PATH = '/api/docs/examples';

/** GET /api/docs/examples. */
export function getDocsExamples(signal?: AbortSignal): Promise<DocsExamples> {
  return api.get(DOCS_EXAMPLES_PATH, { signal });
}

/** The examples' entities, once per visit: they change only when the server loads another catalog. */
export function useDocsExamples() {
  return useQuery({ queryKey: ['api-docs', 'examples'], queryFn: ({ signal }) => getDocsExamples(signal), staleTime: Infinity });
}

const ref = (entity: DocsExampleEntity) => ({ id: entity.id, type: entity.type }) as FindConnectionRequest['fromEntity'];

/** The find-connection body of the examples' pair, with `parameters` when given. */
export function exampleSearch(examples: DocsExamples, parameters?: FindConnectionRequest['parameters']): FindConnectionRequest {
  return { fromEntity: ref(examples.from), toEntity: ref(examples.to), ...(parameters ? { parameters } : {}) };
}
