/**
 * The API reference (/api-docs): everything, the console and the schema sampler included.
 * The guide (/docs) imports `./guide-entry` instead, so its chunk leaves the console and the sampler out.
 */
export * from './guide-entry';
export { ASYNCAPI_PATH, OPENAPI_PATH, useSocketReference } from './api/get-api-reference';
export { ApiConsole } from './components/api-console';
export { CodeBlock } from './components/code-block';
export { EndpointList } from './components/endpoint-list';
export { LiveSearchConsole } from './components/live-search-console';
export type { LiveSearchSocket } from './hooks/use-live-search-log';
export { apiConsoleState, resetApiConsole, selectOperation } from './store';
