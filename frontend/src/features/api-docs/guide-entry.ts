/** What the developer guide (/docs) needs: no test console, no schema sampler (see index.ts). */
export { useApiReference } from './api/get-api-reference';
export { DOCS_EXAMPLES_PATH, exampleSearch, useDocsExamples } from './api/get-docs-examples';
export { ErrorConventions, RateLimitConventions, SocketConventions } from './components/api-conventions';
export { AuthGuide } from './components/auth-guide';
export { MethodBadge } from './components/method-badge';
export { ReferenceError, ReferenceSkeleton } from './components/reference-states';
export { firstParagraph, InlineCode } from './components/rich-text';
export { RunnableExample } from './components/runnable-example';
export { useTabParam } from './hooks/use-tab-param';
export { authSummary, requiresSignIn } from './lib/auth-summary';
export { groupAnchor } from './lib/group-anchor';
export type { ApiOperation, ApiReference } from './lib/openapi-model';
