import { Clock } from 'lucide-react';
import { cn } from '../../../lib/class-names';
import { prettyJson } from '../lib/pretty-json';
import type { ConsoleResponse } from '../lib/send-api-request';
import { CodeBlock } from './code-block';

/** Milliseconds as the console shows them: "38 ms", "1.24 s". */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** One answer: status, the time the browser measured, headers and the body (pretty when JSON). */
export function ResponseView({ response, className, headersOpen = true }: { response: ConsoleResponse; className?: string; headersOpen?: boolean }) {
  const tone = response.ok ? 'bg-live/12 text-live ring-live/35' : response.status >= 500 ? 'bg-scarlet/15 text-scarlet ring-scarlet/40' : 'bg-amber-glow/12 text-amber-soft ring-amber-glow/35';
  const body = response.json !== undefined ? prettyJson(response.json) : response.bodyText || '(empty body)';
  return (
    <div className={cn('grid min-w-0 gap-3', className)} data-testid="api-response">
      <div className="flex flex-wrap items-center gap-3">
        <span className={cn('rounded-md px-2 py-0.5 font-mono text-sm font-semibold ring-1 ring-inset', tone)} data-testid="response-status">
          {response.status} {response.statusText}
        </span>
        <span className="inline-flex items-center gap-1.5 text-sm text-bone-400" data-testid="response-time">
          <Clock aria-hidden className="size-3.5" />
          {formatDuration(response.durationMs)}
        </span>
      </div>
      <details open={headersOpen} className="rounded-xl bg-ink-900/60 px-3.5 py-2.5 ring-1 ring-inset ring-ink-700">
        <summary className="cursor-pointer text-xs font-semibold uppercase tracking-[0.16em] text-bone-500">Headers ({response.headers.length})</summary>
        <dl className="mt-2 grid gap-1 font-mono text-[12px]">
          {response.headers.map(([name, value]) => (
            <div key={name} className="flex min-w-0 gap-2">
              <dt className="shrink-0 text-bone-400">{name}:</dt>
              <dd className="min-w-0 break-all text-bone-100">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <CodeBlock label="Response body" code={body} wrap />
    </div>
  );
}
