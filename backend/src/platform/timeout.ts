/**
 * `promise`, or a rejection with a `TimeoutError` (`message`, by default "no answer within N ms") once
 * `ms` have passed; the timer is cleared either way. The work itself is not stopped: give it its own
 * signal when it must be.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, message = `no answer within ${ms} ms`): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(message), { name: 'TimeoutError' })), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
