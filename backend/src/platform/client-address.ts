import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * Which reverse proxies may name the client in X-Forwarded-For: none (`false`), the nearest `n`
 * hops, or a list of addresses, CIDRs and the names `loopback`, `linklocal`, `uniquelocal`.
 */
export type TrustProxySetting = false | number | string[];
/** Whether the peer `address`, `hop` steps from the server, is a proxy to believe. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * Reads a TRUST_PROXY value: empty or `false` trusts none, a whole number is a hop count, anything
 * else a comma-separated list that proxy-addr must accept. `true` (trust every peer) is refused:
 * it lets any client pick its own address.
 */
export function parseTrustProxy(value: string): TrustProxySetting {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (trimmed === 'true') throw new TypeError('true would trust every peer; name the proxies (addresses, CIDRs, loopback) or give a hop count');
  const list = trimmed.split(/\s*,\s*/).filter(Boolean);
  proxyaddr.compile(list);
  return list;
}

/** The one trust rule, compiled once and given to Express and to the socket server alike. */
export function compileTrustProxy(setting: TrustProxySetting): TrustProxy {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyaddr.compile(setting);
}

/** The client's address as Express computes `req.ip`, for any Node request (socket handshakes too). */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  return proxyaddr(req, trust);
}
