// proxy-addr (Express's own dependency) ships no types; this is the part the app uses.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';

  type TrustFunction = (address: string, hop: number) => boolean;
  function proxyaddr(req: IncomingMessage, trust: TrustFunction): string;
  namespace proxyaddr {
    /** Compiles addresses, CIDRs and the names loopback / linklocal / uniquelocal; throws TypeError on a bad one. */
    function compile(value: string | string[]): TrustFunction;
  }
  export default proxyaddr;
}
