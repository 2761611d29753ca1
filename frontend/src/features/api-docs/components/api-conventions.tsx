import { EVENTS } from '@cinema-dna/shared-types';
import { Skeleton } from '../../../ui/skeleton';
import { useDocsExamples } from '../api/get-docs-examples';
import type { ApiReference } from '../lib/openapi-model';
import { CodeBlock } from './code-block';
import { InlineCode } from './rich-text';
import { DocSection, docCode } from '../../../ui/doc-section';
import { useOrigin } from '../../../lib/use-origin';

/** Status codes a caller meets, and what each means here. */
const STATUS_CODES: Array<[string, string]> = [
  ['200 / 201', 'Done; 201 when something was created'],
  ['400', 'The input is invalid (VALIDATION_FAILED, INVALID_ENTITY...)'],
  ['401', 'Credentials needed (UNAUTHORIZED)'],
  ['403', 'Not allowed, or a missing CSRF token (FORBIDDEN)'],
  ['404', 'No such thing (NOT_FOUND)'],
  ['409', 'Conflicts with what exists (CONFLICT)'],
  ['429', 'Too many requests (RATE_LIMITED), with Retry-After'],
  ['503', 'A search went past its time or size budget (SEARCH_BUDGET_EXCEEDED)'],
];

/** The error body every failure shares, and the status codes. */
export function ErrorConventions() {
  return (
    <DocSection id="errors" title="Errors">
      <p>
        Every failure answers with the same body: a stable <code className={docCode}>code</code> to branch on, a{' '}
        <code className={docCode}>message</code> for people, and <code className={docCode}>details</code> (<code className={docCode}>{'{}'}</code> when there is
        nothing to add; the fields at fault for a validation error).
      </p>
      <CodeBlock
        label="Error body (GET /api/search?q=t)"
        code={['{', '  "code": "VALIDATION_FAILED",', '  "message": "Search is invalid",', '  "details": [{ "path": "q", "message": "Search needs at least 2 characters" }]', '}'].join('\n')}
      />
      <dl className="grid gap-px overflow-hidden rounded-2xl text-sm ring-1 ring-inset ring-ink-700">
        {STATUS_CODES.map(([status, meaning]) => (
          <div key={status} className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-3 bg-ink-900/60 px-4 py-2">
            <dt className="font-mono font-semibold text-bone-50">{status}</dt>
            <dd className="text-bone-400">{meaning}</dd>
          </div>
        ))}
      </dl>
    </DocSection>
  );
}

/**
 * The rate limits this server enforces, as its API description states them (each is a setting, so
 * the numbers come from the document, not from here).
 */
export function RateLimitConventions({ reference }: { reference?: ApiReference }) {
  const total = reference?.operations.length ?? 0;
  return (
    <DocSection id="rate-limits" title="Rate limits">
      {reference ? (
        reference.rateLimits.length > 0 ? (
          <ul className="grid gap-px overflow-hidden rounded-2xl text-sm ring-1 ring-inset ring-ink-700" data-testid="rate-limits">
            {reference.rateLimits.map((limit) => (
              <li key={limit.text} className="grid gap-0.5 bg-ink-900/60 px-4 py-2.5">
                <span className="text-bone-100">
                  <InlineCode text={limit.text} />
                </span>
                <span className="break-words text-xs text-bone-500">
                  {limit.operations.length * 2 > total ? `${limit.operations.length} of ${total} endpoints` : limit.operations.join(', ')}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>This server states no rate limits.</p>
        )
      ) : (
        <div className="grid gap-2" aria-hidden>
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      )}
      <p>
        Signed-in calls (session or API key) count per user, anonymous ones per IP address. Past a limit the answer is{' '}
        <code className={docCode}>429 RATE_LIMITED</code> with <code className={docCode}>Retry-After</code> (seconds) and the{' '}
        <code className={docCode}>RateLimit-*</code> headers; wait that long and try again.
      </p>
    </DocSection>
  );
}

/** The Socket.IO contract in brief. */
export function SocketConventions() {
  const examples = useDocsExamples();
  const origin = useOrigin();
  const from = examples.data?.from;
  const to = examples.data?.to;
  return (
    <DocSection id="live-search" title="Live search over Socket.IO">
      <p>
        Connect a Socket.IO client to this server (same origin, path <code className={docCode}>/socket.io</code>) and emit{' '}
        <code className={docCode}>{EVENTS.searchStart}</code> with the find-connection body. The acknowledgement is <code className={docCode}>{'{ ok: true, data: { requestId } }'}</code>;
        then one <code className={docCode}>{EVENTS.searchProgressed}</code> arrives per layer of the search, and finally{' '}
        <code className={docCode}>{EVENTS.searchCompleted}</code> with the result or <code className={docCode}>{EVENTS.searchFailed}</code> with an error body.{' '}
        <code className={docCode}>{EVENTS.searchCancel}</code> stops it; a new search or a disconnect cancels the previous one.
      </p>
      {!from || !to ? (
        <Skeleton className="h-48 w-full rounded-2xl" />
      ) : (
        <CodeBlock
        label="JavaScript (socket.io-client)"
        code={[
          "import { io } from 'socket.io-client';",
          '',
          `const socket = io('${origin}');`,
          `socket.on('${EVENTS.searchProgressed}', (layer) => console.log('layer', layer.layer, layer.side, layer.frontierSize));`,
          `socket.on('${EVENTS.searchCompleted}', ({ result }) => console.log(result.degrees, 'degrees'));`,
          `socket.on('${EVENTS.searchFailed}', ({ error }) => console.error(error.code, error.message));`,
          `socket.emit('${EVENTS.searchStart}', {`,
          `  fromEntity: { id: '${from.id}', type: '${from.type}' },`,
          `  toEntity: { id: '${to.id}', type: '${to.type}' },`,
          '}, (ack) => console.log(ack));',
        ].join('\n')}
      />
      )}
    </DocSection>
  );
}
