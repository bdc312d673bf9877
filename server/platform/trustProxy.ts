// Who the server believes about the visitor's address: TRUST_PROXY read and checked at start, and
// handed to Fastify in the form it takes.
import { isIP } from 'node:net';

/**
 * The setting as Fastify takes it. A hop count becomes a function, because Fastify (5.12) ignores
 * a bare number (it cannot check the peer is the proxy): trusting hop n means the server is
 * reachable only through those n proxies, which the README asks the operator to ensure.
 */
export function fastifyTrustProxy(setting: number | readonly string[] | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return setting > 0 ? (_address, hop) => hop < setting : false;
  return setting.length > 0 ? [...setting] : false;
}

/** Names proxy-addr (Fastify's trustProxy) knows for whole private ranges. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a hop count ("1": one reverse proxy in front) or a comma-separated list of the
 * proxies' addresses/CIDRs ("10.0.0.5, 10.1.0.0/16", also "loopback"). Unset, empty or "0":
 * X-Forwarded-For is ignored. Anything else stops the start rather than trusting too much.
 */
export function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return undefined;
  if (/^[0-9]+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`TRUST_PROXY=${text}: more than 10 proxies in front is surely a mistake`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY=${text}: expected a hop count (e.g. 1) or proxy addresses/CIDRs (e.g. 10.0.0.5,10.1.0.0/16); not understood: ${wrong.join(', ')}`,
    );
  }
  return entries;
}
