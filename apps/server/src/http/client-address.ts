import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** The peer address of the TCP connection; null when there is none (in-process requests in tests). */
export function clientAddressOf(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** Who is calling, as recorded on sessions and in the audit log. */
export function clientOf(c: Context) {
  return { clientAddress: clientAddressOf(c), userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null };
}
