import { FlaskConical, Gauge, KeyRound } from 'lucide-react';
import { Button } from '../../../ui/button';
import { authSummary } from '../lib/auth-summary';
import { curlSample, fetchSample } from '../lib/code-samples';
import { exampleBody, prettyJson, sampleSchema } from '../lib/example-value';
import { schemaConstraints, schemaTypeLabel, type ApiOperation, type ApiReference } from '../lib/openapi-model';
import { buildRequestPath, initialDraft } from '../lib/request-draft';
import { CodeBlock } from './code-block';
import { InlineCode, RichText } from './rich-text';
import { SchemaView } from './schema-view';
import { useOrigin } from '../../../lib/use-origin';

interface EndpointDetailsProps {
  reference: ApiReference;
  operation: ApiOperation;
  /** Opens this operation in the test console. */
  onTry?: (operation: ApiOperation) => void;
}

function Heading({ children }: { children: string }) {
  return <h4 className="text-xs font-semibold uppercase tracking-[0.16em] text-bone-500">{children}</h4>;
}

/** Everything about one operation: what it does, who may call it, its limits, inputs, answers and samples. */
export function EndpointDetails({ reference, operation, onTry }: EndpointDetailsProps) {
  const { document } = reference;
  const draft = initialDraft(reference, operation);
  const built = buildRequestPath(reference, operation, draft);
  // Samples show the document's examples; a required value without one stays a {placeholder}.
  const samplePath = built.ok ? built.path : operation.path;
  const origin = useOrigin();
  const sample = { origin, method: operation.method, path: samplePath, body: draft.body, auth: operation.auth };
  const bodyExample = exampleBody(document, operation.requestBody);
  // Who may call it and the limits have their own boxes below: their paragraphs would say it twice.
  const description = operation.description
    ?.split(/\n\s*\n/)
    .filter((paragraph) => !/^(Who may call it|Rate limits?):/i.test(paragraph.trim()))
    .join('\n\n');

  return (
    <div className="grid gap-6">
      {description && <RichText text={description} className="max-w-3xl text-[15px] leading-relaxed text-bone-300" />}

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="flex gap-2.5 rounded-xl bg-ink-900/60 px-3.5 py-3 ring-1 ring-inset ring-ink-700">
          <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-glow" />
          <div>
            <dt className="font-medium text-bone-100">Authentication</dt>
            <dd className="text-bone-400">{authSummary(operation)}</dd>
          </div>
        </div>
        <div className="flex gap-2.5 rounded-xl bg-ink-900/60 px-3.5 py-3 ring-1 ring-inset ring-ink-700">
          <Gauge aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-glow" />
          <div>
            <dt className="font-medium text-bone-100">{operation.rateLimits.length > 1 ? 'Rate limits' : 'Rate limit'}</dt>
            {operation.rateLimits.length === 0 && <dd className="text-bone-400">The general limit for your kind of caller (see Overview)</dd>}
            {operation.rateLimits.map((limit) => (
              <dd key={limit} className="text-bone-400">
                {limit}
              </dd>
            ))}
          </div>
        </div>
      </dl>

      {operation.parameters.length > 0 && (
        <section className="grid gap-2.5">
          <Heading>Parameters</Heading>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-px overflow-hidden rounded-xl ring-1 ring-inset ring-ink-700">
            {operation.parameters.map((parameter) => {
              const constraints = schemaConstraints(document, parameter.schema);
              return (
                <li key={`${parameter.in}:${parameter.name}`} className="bg-ink-900/60 px-3.5 py-2.5">
                  <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                    <code className="font-mono text-[13px] font-semibold text-bone-50">{parameter.name}</code>
                    <span className="rounded bg-ink-800 px-1.5 text-[11px] text-bone-400">{parameter.in}</span>
                    <span className="break-all font-mono text-[12px] text-teal-info">{schemaTypeLabel(document, parameter.schema)}</span>
                    {parameter.required && <span className="text-[11px] font-medium uppercase tracking-wider text-amber-glow">required</span>}
                    {constraints.length > 0 && <span className="break-all text-xs text-bone-500">{constraints.join(' · ')}</span>}
                  </div>
                  {parameter.description && (
                    <p className="mt-0.5 text-[13px] leading-snug text-bone-400">
                      <InlineCode text={parameter.description} />
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {operation.requestBody && (
        <section className="grid gap-2.5">
          <Heading>{`Request body${operation.requestBody.required ? '' : ' (optional)'} · ${operation.requestBody.contentType}`}</Heading>
          <SchemaView document={document} schema={operation.requestBody.schema} />
          {bodyExample !== undefined && <CodeBlock label="Example body" code={prettyJson(bodyExample)} />}
        </section>
      )}

      <section className="grid gap-2.5">
        <Heading>Responses</Heading>
        <ul className="grid gap-2">
          {operation.responses.map((response) => {
            const example = sampleSchema(document, response.schema);
            const tone = response.status.startsWith('2') ? 'text-live' : response.status.startsWith('4') || response.status.startsWith('5') ? 'text-scarlet' : 'text-bone-300';
            return (
              <li key={response.status} className="rounded-xl bg-ink-900/60 px-3.5 py-2.5 ring-1 ring-inset ring-ink-700">
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <span className={`font-mono text-sm font-semibold ${tone}`}>{response.status}</span>
                  <span className="text-sm text-bone-300">
                    <InlineCode text={response.description} />
                  </span>
                  {response.headers.length > 0 && <span className="text-xs text-bone-500">Headers: {response.headers.join(', ')}</span>}
                </div>
                {response.schema && (
                  <details className="group/schema mt-2">
                    <summary className="cursor-pointer text-xs font-medium text-amber-soft hover:text-amber-glow">Schema and example</summary>
                    <div className="mt-2 grid gap-2.5">
                      <SchemaView document={document} schema={response.schema} />
                      {example !== undefined && <CodeBlock label={`Example ${response.status}`} code={prettyJson(example)} copyable={false} />}
                    </div>
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="grid gap-2.5">
        <Heading>Samples</Heading>
        <div className="grid gap-3 xl:grid-cols-2">
          <CodeBlock label="cURL" code={curlSample(sample)} />
          <CodeBlock label="JavaScript" code={fetchSample(sample)} />
        </div>
      </section>

      {onTry && (
        <div>
          <Button variant="secondary" size="sm" onClick={() => onTry(operation)}>
            <FlaskConical aria-hidden className="size-4" />
            Try it in the console
          </Button>
        </div>
      )}
    </div>
  );
}
