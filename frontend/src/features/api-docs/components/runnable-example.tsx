import { Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { useApiRequest } from '../hooks/use-api-request';
import { curlSample, fetchSample } from '../lib/code-samples';
import type { ApiAuth, HttpMethod } from '../lib/openapi-model';
import { CodeBlock } from './code-block';
import { MethodBadge } from './method-badge';
import { ResponseBox } from './response-box';
import { useOrigin } from '../../../lib/use-origin';

const PUBLIC: ApiAuth = { mode: 'none', bearer: false, session: false, csrf: false, schemes: [] };

interface RunnableExampleProps {
  id: string;
  title: string;
  children: ReactNode;
  method: HttpMethod;
  /** Path and query: `/api/search?q=tom`. */
  path: string;
  /** A JSON body, sent as it is. */
  body?: unknown;
}

/** A worked example: what it shows, the request as cURL and JavaScript, and a Run button that sends it to this server. */
export function RunnableExample({ id, title, children, method, path, body }: RunnableExampleProps) {
  const { state, send } = useApiRequest();
  const bodyText = body === undefined ? undefined : JSON.stringify(body, null, 2);
  const origin = useOrigin();
  const sample = { origin, method, path, body: bodyText, auth: PUBLIC };
  return (
    <article aria-labelledby={id} className="grid min-w-0 gap-4 rounded-3xl bg-ink-850/60 p-5 ring-1 ring-inset ring-ink-700 sm:p-7">
      <header className="grid gap-2">
        <h2 id={id} className="font-display text-2xl font-medium tracking-tight text-bone-50">
          {title}
        </h2>
        <div className="grid max-w-3xl gap-2 text-[15px] leading-relaxed text-bone-300">{children}</div>
      </header>
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <MethodBadge method={method} />
        <code className="min-w-0 break-all font-mono text-[13px] text-bone-50">{path}</code>
        <Button size="sm" className="ml-auto" aria-label={`Run: ${title}`} disabled={state.phase === 'loading'} onClick={() => void send({ method, path, body: bodyText && JSON.stringify(body) })}>
          <Play aria-hidden className="size-3.5" />
          Run
        </Button>
      </div>
      <div className="grid min-w-0 gap-3 xl:grid-cols-2">
        <CodeBlock label="cURL" code={curlSample(sample)} />
        <CodeBlock label="JavaScript" code={fetchSample(sample)} />
      </div>
      <ResponseBox state={state} headersOpen={false} idleText="Press Run to send this request to the server and see its real answer." />
    </article>
  );
}
