import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { readAsyncApiDocument, type SocketReference } from '../lib/asyncapi-model';
import { readOpenApiDocument, type ApiReference } from '../lib/openapi-model';

/** Where the server publishes its generated OpenAPI 3.1 document. */
export const OPENAPI_PATH = '/api/openapi.json';
/** Where the server publishes its Socket.IO contract (AsyncAPI). */
export const ASYNCAPI_PATH = '/api/asyncapi.json';

/** GET /api/openapi.json, read into groups of operations. */
export async function getApiReference(signal?: AbortSignal): Promise<ApiReference> {
  return readOpenApiDocument(await api.get(OPENAPI_PATH, { signal }));
}

/** The API reference both docs pages show (fetched once per visit; the document changes only with a release). */
export function useApiReference() {
  return useQuery({ queryKey: ['api-docs', 'openapi'], queryFn: ({ signal }) => getApiReference(signal) });
}

/** GET /api/asyncapi.json: the Socket.IO events, commands first. */
export async function getSocketReference(signal?: AbortSignal): Promise<SocketReference> {
  return readAsyncApiDocument(await api.get(ASYNCAPI_PATH, { signal }));
}

export function useSocketReference() {
  return useQuery({ queryKey: ['api-docs', 'asyncapi'], queryFn: ({ signal }) => getSocketReference(signal) });
}
