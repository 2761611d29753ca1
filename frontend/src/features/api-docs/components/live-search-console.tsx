import { EVENTS, type DocsExamples, type FindConnectionRequest } from '@cinema-dna/shared-types';
import { Radio, Square, Zap } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { cn } from '../../../lib/class-names';
import { Button } from '../../../ui/button';
import { Field, Textarea } from '../../../ui/form-field';
import { useLiveSearchLog, type LiveSearchLogEntry, type LiveSearchSocket } from '../hooks/use-live-search-log';
import { exampleSearch, useDocsExamples } from '../api/get-docs-examples';
import { parseJsonBody } from '../lib/request-draft';
import { formatDuration } from './response-view';

/** The live search the console starts from: the server's example pair (chosen from its catalog), six degrees. */
export const exampleLiveSearch = (examples: DocsExamples): FindConnectionRequest => exampleSearch(examples, { maxDegrees: 6 });

const eventTone: Record<string, string> = {
  [EVENTS.searchProgressed]: 'text-teal-info',
  [EVENTS.searchCompleted]: 'text-live',
  [EVENTS.searchFailed]: 'text-scarlet',
  disconnect: 'text-scarlet',
};

function LogEntry({ entry }: { entry: LiveSearchLogEntry }) {
  return (
    <li className="grid min-w-0 gap-1 px-3.5 py-2.5" data-event={entry.event}>
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-0.5">
        <span className="w-16 shrink-0 font-mono text-[11px] tabular-nums text-bone-500">+{formatDuration(entry.atMs)}</span>
        <code className={cn('font-mono text-[12.5px] font-semibold', eventTone[entry.event] ?? 'text-bone-100')}>{entry.event}</code>
        <span className="min-w-0 text-sm text-bone-300">{entry.summary}</span>
      </div>
      <details className="pl-0 sm:pl-[4.75rem]">
        <summary className="cursor-pointer text-xs text-bone-500 hover:text-amber-soft">Payload</summary>
        <pre tabIndex={0} className="mt-1 max-h-64 overflow-auto rounded-lg bg-ink-950/80 px-3 py-2 font-mono text-[12px] leading-relaxed text-bone-100 ring-1 ring-inset ring-ink-700">
          <code>{JSON.stringify(entry.payload, null, 2)}</code>
        </pre>
      </details>
    </li>
  );
}

/**
 * Runs a live search over the app's socket (`search:start`) and lists each event as it streams:
 * the acknowledgement, one `search:progressed` per layer, then `search:completed` or `search:failed`.
 */
export function LiveSearchConsole({ socket, connected }: { socket: LiveSearchSocket | null; connected: boolean }) {
  const { entries, phase, start, cancel } = useLiveSearchLog(socket);
  const examples = useDocsExamples();
  // Empty until the server says which entities its catalog holds; then its example, until edited.
  const [edited, setPayload] = useState<string | null>(null);
  const payload = edited ?? (examples.data ? JSON.stringify(exampleLiveSearch(examples.data), null, 2) : '');
  const [error, setError] = useState<string | null>(null);
  const busy = phase === 'starting' || phase === 'running';

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseJsonBody(payload);
    if (!parsed.ok) {
      setError(`${parsed.error}: ${parsed.detail}`);
      return;
    }
    setError(null);
    // The server checks the payload against the contract and says in its acknowledgement what is wrong.
    start(parsed.value as FindConnectionRequest);
  }

  return (
    <section aria-labelledby="live-search-title" className="grid gap-5 rounded-3xl bg-ink-850/60 p-5 ring-1 ring-inset ring-ink-700 sm:p-7">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id="live-search-title" className="flex items-center gap-2 font-display text-2xl font-medium tracking-tight text-bone-50">
            <Radio aria-hidden className="size-5 text-amber-glow" />
            Live search over Socket.IO
          </h2>
          <p className="mt-1.5 text-sm leading-relaxed text-bone-400">
            Emits <code className="font-mono text-bone-100">{EVENTS.searchStart}</code> with this payload on the page’s socket. Every event of the search shows
            below the moment it arrives: one <code className="font-mono text-bone-100">{EVENTS.searchProgressed}</code> per layer, then{' '}
            <code className="font-mono text-bone-100">{EVENTS.searchCompleted}</code> or <code className="font-mono text-bone-100">{EVENTS.searchFailed}</code>.
          </p>
        </div>
        <span className={cn('inline-flex items-center gap-2 text-xs', connected ? 'text-live' : 'text-bone-500')} data-testid="socket-status">
          <span className={cn('size-2 rounded-full', connected ? 'bg-live' : 'bg-ink-500')} />
          {connected ? 'Socket connected' : 'Socket not connected'}
        </span>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <form onSubmit={handleSubmit} aria-label="Live search" className="grid content-start gap-4">
          <Field label={`${EVENTS.searchStart} payload (JSON)`} error={error ?? undefined}>
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={payload}
                placeholder={examples.isError ? 'Write a search:start payload' : 'Loading the example…'}
                onChange={(event) => setPayload(event.target.value)}
                spellCheck={false}
                rows={14}
                className="font-mono text-[13px]"
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={!socket || !connected || busy || payload.trim() === ''}>
              <Zap aria-hidden className="size-4" />
              Start live search
            </Button>
            {busy && (
              <Button variant="secondary" onClick={cancel} disabled={phase !== 'running'}>
                <Square aria-hidden className="size-3.5" />
                Cancel
              </Button>
            )}
          </div>
        </form>

        <div className="min-w-0">
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-[0.16em] text-bone-500">Events</h3>
          {entries.length === 0 ? (
            <p className="rounded-xl border border-dashed border-ink-600 px-4 py-8 text-center text-sm text-bone-500">Start a live search to see its events stream in.</p>
          ) : (
            <ol role="log" aria-live="polite" aria-label="Live search events" className="grid divide-y divide-ink-800 rounded-xl bg-ink-900/60 ring-1 ring-inset ring-ink-700">
              {entries.map((entry) => (
                <LogEntry key={entry.seq} entry={entry} />
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}
