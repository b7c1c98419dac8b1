import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { TEST_ORIGIN, type TestContext } from './test-app';

/** Delivery reports as a mail provider posts them (docs/api.md, the delivery webhook). */
export const WEBHOOK_PATH = '/api/webhooks/email-events';

export function deliveryEvent(
  type: string,
  messageId: string,
  to: string,
  data: Record<string, unknown> = {},
) {
  return { type, created_at: '2026-11-29T08:00:00Z', data: { message_id: messageId, to, ...data } };
}

export type Delivery = {
  body?: string;
  secret?: string;
  id?: string;
  /** Seconds since the epoch; the server's clock by default. */
  timestamp?: number;
  headers?: Record<string, string | undefined>;
};

/** A delivery as a Standard Webhooks sender posts it: no cookie, no Origin, signed with `Webhook.sign`. */
export function deliverWebhook(c: TestContext, payload: unknown, options: Delivery & { secret: string }) {
  const body = options.body ?? JSON.stringify(payload);
  const id = options.id ?? `msg_${randomUUID()}`;
  const timestamp = options.timestamp ?? Math.floor(c.clock.now().getTime() / 1000);
  const signature = new Webhook(options.secret).sign(id, new Date(timestamp * 1000), body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const all = {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature,
    ...options.headers,
  };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) headers[name] = value;
  return c.app.request(`${TEST_ORIGIN}${WEBHOOK_PATH}`, { method: 'POST', headers, body });
}
