import { cn } from '../../../lib/class-names';
import type { ApiRequestState } from '../hooks/use-api-request';
import { ResponseView } from './response-view';

/** The console's answer area: a hint, 'Loading...', the response, or 'Error: {message}' (spec §8). */
export function ResponseBox({ state, idleText, className, headersOpen }: { state: ApiRequestState; idleText: string; className?: string; headersOpen?: boolean }) {
  return (
    <div aria-live="polite" aria-busy={state.phase === 'loading'} className={cn('min-w-0', className)}>
      {state.phase === 'idle' && <p className="rounded-xl border border-dashed border-ink-600 px-4 py-8 text-center text-sm text-bone-500">{idleText}</p>}
      {state.phase === 'loading' && (
        <p className="rounded-xl bg-ink-900/60 px-4 py-8 text-center font-mono text-sm text-bone-300 ring-1 ring-inset ring-ink-700" data-testid="response-loading">
          Loading...
        </p>
      )}
      {state.phase === 'error' && (
        <p role="alert" className="rounded-xl bg-scarlet/10 px-4 py-4 font-mono text-sm text-scarlet ring-1 ring-inset ring-scarlet/40">
          Error: {state.message}
        </p>
      )}
      {state.phase === 'done' && <ResponseView response={state.response} headersOpen={headersOpen} />}
    </div>
  );
}
