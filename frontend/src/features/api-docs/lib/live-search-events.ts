import { EVENTS, plural, type SearchCompleted, type SearchFailed, type SearchProgressed } from '@cinema-dna/shared-types';

const count = (value: number) => value.toLocaleString('en-US');

/** One line about a live-search event, for the console's log. */
export function describeSearchEvent(event: string, payload: unknown): string {
  if (event === EVENTS.searchProgressed) {
    const progress = payload as SearchProgressed;
    const sample = progress.sample.slice(0, 3).map((entity) => entity.name);
    return [
      `Layer ${progress.layer} from the ${progress.side === 'from' ? 'start' : 'target'}`,
      `${count(progress.frontierSize)} in the frontier`,
      `${count(progress.visited)} visited`,
      sample.length > 0 ? `e.g. ${sample.join(', ')}` : null,
    ]
      .filter(Boolean)
      .join(' · ');
  }
  if (event === EVENTS.searchCompleted) {
    const { result } = payload as SearchCompleted;
    if (!result.found || result.path.length === 0) return `No connection within ${plural(result.maxDegrees, 'degree')}${result.cached ? ' (cached)' : ''}`;
    const chain = result.path.map((step) => step.entity.name).join(' → ');
    return `${plural(result.degrees ?? result.path.length - 1, 'degree')}${result.cached ? ' (cached)' : ''}: ${chain}`;
  }
  if (event === EVENTS.searchFailed) {
    const { error } = payload as SearchFailed;
    return `${error.code}: ${error.message}`;
  }
  if (event === 'ack') {
    const ack = payload as { ok: boolean; data?: { requestId?: string }; error?: { code?: string; message?: string } };
    return ack.ok ? `Started, request ${ack.data?.requestId ?? '?'}` : `Refused: ${[ack.error?.code, ack.error?.message].filter(Boolean).join(': ')}`;
  }
  if (event === 'disconnect') return `The socket disconnected (${(payload as { reason?: string }).reason ?? 'unknown reason'})`;
  if (event.startsWith(EVENTS.searchStart)) return 'Sent the search';
  if (event.startsWith(EVENTS.searchCancel)) {
    const ack = payload as { ok: boolean; data?: { cancelled?: boolean } };
    return ack.ok && ack.data?.cancelled ? 'Cancelled' : 'Nothing left to cancel';
  }
  return '';
}
