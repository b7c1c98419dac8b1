import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_WEBHOOK_TOLERANCE_SECONDS } from '@parley/contracts';
import { Webhook } from 'standardwebhooks';
import { AppError } from '../../lib/errors';

/** The Standard Webhooks headers of a request, as received. */
export type WebhookHeaders = {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
};

/** Printable ASCII without spaces, as Standard Webhooks senders make ids (`msg_…`, UUIDs). */
const WEBHOOK_ID_PATTERN = /^[\x21-\x7e]{1,256}$/;
/** Whole seconds since the epoch; twelve digits reach far past any clock worth trusting. */
const TIMESTAMP_PATTERN = /^\d{1,12}$/;

/**
 * Checks a delivery report the way Standard Webhooks defines it
 * (docs/decisions/039-email-delivery-webhook.md): the three headers, the timestamp within 5 minutes
 * of `now`, and a `v1,<base64>` signature among the space-separated ones that matches
 * HMAC-SHA256(`${id}.${timestamp}.${body}`) under any configured secret (several while one is
 * rotated). Returns the webhook-id; throws the AppError to answer otherwise.
 *
 * The `standardwebhooks` package computes the signature (`Webhook.sign`), but its `verify` compares
 * the timestamp with `Date.now()` and takes no clock: so the timestamp is checked here against the
 * server's injected clock (tests move it), with the library's 5-minute tolerance, and the signatures
 * are compared in constant time.
 *
 * A body of bytes (the inbound e-mail webhook's raw message, which need not be UTF-8) is signed as the
 * bytes it is: the library would decode it as UTF-8 first and sign U+FFFD for every byte it cannot
 * read. For a UTF-8 body both give the same signature.
 */
export function createWebhookVerifier(secrets: readonly string[]) {
  const webhooks = secrets.map((secret) => ({
    webhook: new Webhook(secret),
    key: Buffer.from(secret.replace(/^whsec_/, ''), 'base64'),
  }));
  const expectedSignature = (
    { webhook, key }: (typeof webhooks)[number],
    id: string,
    sentAt: number,
    body: string | Uint8Array,
  ) =>
    typeof body === 'string'
      ? webhook.sign(id, new Date(sentAt * 1000), body).slice('v1,'.length)
      : createHmac('sha256', key).update(`${id}.${sentAt}.`).update(body).digest('base64');
  return function verifyWebhook(input: {
    headers: WebhookHeaders;
    body: string | Uint8Array;
    now: Date;
  }): string {
    if (webhooks.length === 0) throw new AppError('WEBHOOK_NOT_CONFIGURED');
    const { id, timestamp, signature } = input.headers;
    if (
      id === undefined ||
      !WEBHOOK_ID_PATTERN.test(id) ||
      timestamp === undefined ||
      !TIMESTAMP_PATTERN.test(timestamp) ||
      !signature?.trim()
    ) {
      throw new AppError('WEBHOOK_HEADERS_INVALID');
    }
    const sentAt = Number(timestamp);
    const nowSeconds = Math.floor(input.now.getTime() / 1000);
    if (Math.abs(nowSeconds - sentAt) > EMAIL_WEBHOOK_TOLERANCE_SECONDS) {
      throw new AppError('WEBHOOK_TIMESTAMP_OUT_OF_RANGE');
    }
    const passed = signature
      .split(' ')
      .filter((entry) => entry.startsWith('v1,'))
      .map((entry) => Buffer.from(entry.slice('v1,'.length)));
    for (const secret of webhooks) {
      const expected = Buffer.from(expectedSignature(secret, id, sentAt, input.body));
      if (
        passed.some(
          (candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected),
        )
      )
        return id;
    }
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  };
}

export type VerifyWebhook = ReturnType<typeof createWebhookVerifier>;
