import type { UseQueryResult } from '@tanstack/react-query';
import { Braces, FileJson, Layers, Radio } from 'lucide-react';
import type { ReactNode } from 'react';
import { ASYNCAPI_PATH, CodeBlock, ErrorConventions, firstParagraph, InlineCode, OPENAPI_PATH, RateLimitConventions, SocketConventions, useDocsExamples, type ApiReference } from '../../features/api-docs';
import { Skeleton } from '../../ui/skeleton';
import { useOrigin } from '../../lib/use-origin';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1.5 rounded-2xl bg-ink-850/70 px-4 py-4 ring-1 ring-inset ring-ink-700">
      <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.16em] text-bone-500">
        {icon}
        {label}
      </dt>
      <dd className="min-w-0 text-bone-100">{children}</dd>
    </div>
  );
}

const link = 'font-mono text-[13px] text-amber-soft underline decoration-amber-glow/40 underline-offset-2 hover:text-amber-glow';

/** What the API is, where it lives, how big it is, and the conventions every call shares. */
export function OverviewTab({ reference }: { reference: UseQueryResult<ApiReference> }) {
  const origin = useOrigin();
  const data = reference.data;
  const examples = useDocsExamples().data;
  return (
    <div className="grid gap-12">
      <div className="grid gap-6">
        <p className="max-w-3xl text-[15px] leading-relaxed text-bone-300">
          <InlineCode text={firstParagraph(data?.description) ?? 'The Cinema DNA API finds the chain of links between two cinema entities, and everything around it.'} />{' '}
          It is the same
          API this site runs on: JSON in, JSON out, on this server, with live searches streamed over Socket.IO.
        </p>
        <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          <Fact icon={<Braces aria-hidden className="size-3.5 text-amber-glow" />} label="Base URL">
            <code className="break-all font-mono text-[13px]">{origin}/api</code>
          </Fact>
          <Fact icon={<Layers aria-hidden className="size-3.5 text-amber-glow" />} label="Endpoints">
            {data ? (
              <span data-testid="endpoint-count">
                {data.operations.length} in {data.groups.length} groups
              </span>
            ) : reference.isError ? (
              <span className="text-bone-500">Not loaded</span>
            ) : (
              <Skeleton className="mt-1 h-4 w-32" />
            )}
          </Fact>
          <Fact icon={<FileJson aria-hidden className="size-3.5 text-amber-glow" />} label={data ? `OpenAPI ${data.openapi}` : 'OpenAPI'}>
            <a href={OPENAPI_PATH} className={link} target="_blank" rel="noreferrer">
              {OPENAPI_PATH}
            </a>
          </Fact>
          <Fact icon={<Radio aria-hidden className="size-3.5 text-amber-glow" />} label="Socket.IO (AsyncAPI)">
            <a href={ASYNCAPI_PATH} className={link} target="_blank" rel="noreferrer">
              {ASYNCAPI_PATH}
            </a>
          </Fact>
        </dl>
      </div>

      <section aria-labelledby="quick-start" className="grid min-w-0 gap-3">
        <h2 id="quick-start" className="font-display text-2xl font-medium tracking-tight text-bone-50">
          Quick start
        </h2>
        <p className="max-w-3xl text-[15px] leading-relaxed text-bone-300">
          No key needed for the public calls. Find an entity, then the chain between two of them; entities are named <code className="font-mono text-[13px] text-bone-50">type:id</code>.
        </p>
        {examples ? (
          <div className="grid min-w-0 gap-3 xl:grid-cols-2">
            <CodeBlock label="Typeahead" code={`curl '${origin}/api/search?q=${encodeURIComponent(examples.searchText)}&limit=5'`} />
            <CodeBlock
              label="Find a connection"
              code={`curl -X POST '${origin}/api/connections/find' \\\n  -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify({ fromEntityId: examples.from.key, toEntityId: examples.to.key, maxDegrees: 4 })}'`}
            />
          </div>
        ) : (
          <Skeleton className="h-28 w-full rounded-2xl" />
        )}
      </section>

      <div className="grid gap-12 xl:grid-cols-2">
        <ErrorConventions />
        <div className="grid content-start gap-12">
          <RateLimitConventions reference={data} />
        </div>
      </div>
      <SocketConventions />
    </div>
  );
}
