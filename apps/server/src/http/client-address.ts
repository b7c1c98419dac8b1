import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';

/** The peer address of the TCP connection; null when there is none (in-process requests in tests). */
function socketAddressOf(c: Context): string | null {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalizeAddress(address) : null;
  } catch {
    return null;
  }
}

/**
 * The caller's address. Behind `hops` proxies the TCP peer is the nearest proxy, and each proxy appends
 * the address it was reached from to `X-Forwarded-For`: the entry `hops` from the right is the one the
 * outermost trusted proxy saw, whatever a client wrote before it (docs/deploy.md, Client addresses).
 * Anything that is not an IP address there means the header did not come through those proxies: the
 * TCP peer is kept.
 */
export function resolveClientAddress(c: Context, hops: number): string | null {
  const socket = socketAddressOf(c);
  if (hops === 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const candidate = forwarded[forwarded.length - hops];
  return candidate && isIP(candidate) ? normalizeAddress(candidate) : socket;
}

/** Resolves the caller's address once per request (TRUST_PROXY_HOPS), for `clientAddressOf`. */
export function clientAddress(options: { trustProxyHops: number }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('clientAddress', resolveClientAddress(c, options.trustProxyHops));
    await next();
  };
}

export function clientAddressOf(c: Context): string | null {
  const resolved = c.get('clientAddress') as string | null | undefined;
  return resolved === undefined ? socketAddressOf(c) : resolved;
}

/** Who is calling, as recorded on sessions and in the audit log. */
export function clientOf(c: Context) {
  return { clientAddress: clientAddressOf(c), userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null };
}

/** An IPv4 peer on a dual-stack socket reads ::ffff:a.b.c.d: one client, one spelling (and one rate-limit bucket). */
export function normalizeAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}
