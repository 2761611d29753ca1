import { useCallback, useEffect, useRef, useState } from 'react';
import { sendApiRequest, type ConsoleRequest, type ConsoleResponse } from '../lib/send-api-request';

export type ApiRequestState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'done'; response: ConsoleResponse }
  | { phase: 'error'; message: string };

/**
 * Sends console requests one at a time: a new send aborts the one in flight, and leaving the page
 * aborts it too, so a late answer never overwrites a newer one.
 */
export function useApiRequest() {
  const [state, setState] = useState<ApiRequestState>({ phase: 'idle' });
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const send = useCallback(async (request: ConsoleRequest) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ phase: 'loading' });
    try {
      const response = await sendApiRequest(request, controller.signal);
      if (!controller.signal.aborted) setState({ phase: 'done', response });
    } catch (error) {
      if (!controller.signal.aborted) setState({ phase: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  /** Shows a problem found before sending (a missing path parameter). */
  const fail = useCallback((message: string) => {
    inFlight.current?.abort();
    setState({ phase: 'error', message });
  }, []);

  const reset = useCallback(() => {
    inFlight.current?.abort();
    setState({ phase: 'idle' });
  }, []);

  return { state, send, fail, reset };
}
