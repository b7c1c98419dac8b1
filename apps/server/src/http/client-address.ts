import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The peer address of the TCP connection; null when there is none (in-process requests in tests). */
export function clientAddressOf(c: Context): string | null {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalizeAddress(address) : null;
  } catch {
    return null;
  }
}

/** Who is calling, as recorded on sessions and in the audit log. */
export function clientOf(c: Context) {
  return { clientAddress: clientAddressOf(c), userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null };
}

/** An IPv4 peer on a dual-stack socket reads ::ffff:a.b.c.d: one client, one spelling (and one rate-limit bucket). */
export function normalizeAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}
