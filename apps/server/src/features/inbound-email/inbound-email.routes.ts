import { inboundStatusSchema, inboundWebhookResponseSchema } from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { AppError } from '../../lib/errors';
import { createWebhookVerifier } from '../email/webhook-signature';
import { getInboundStatus, ingestInboundEmail, UnknownRecipientError } from './inbound-email.service';
import { isInboundSmtpListening } from './smtp-listener';

/**
 * Investors' e-mail posted by a mail provider or relay (docs/api.md 'Inbound e-mail webhook'): the raw
 * RFC 5322 message, signed as Standard Webhooks (docs/decisions/058-inbound-email.md). No body schema
 * on purpose: the signature is verified over the bytes before anything parses them.
 */
const receive = apiRoute({
  method: 'post',
  path: '/api/webhooks/inbound-email',
  summary: "An investor's e-mail, the raw RFC 5322 message, signed as Standard Webhooks",
  ok: {
    status: 200,
    schema: inboundWebhookResponseSchema,
    description: 'What became of the e-mail: a new thread, a message in a thread, kept aside, or a duplicate',
  },
  errors: [400, 401, 413, 422, 503],
});

const status = apiRoute({
  method: 'get',
  path: '/api/email/inbound',
  summary: "The organisation's inbound address, how e-mail comes in, and the newest e-mails received",
  ok: { status: 200, schema: inboundStatusSchema, description: 'The inbound e-mail status' },
  errors: [401, 403],
});

export function registerInboundEmailRoutes(api: ApiRouter, deps: RouteDeps) {
  const secrets = deps.config.inbound?.webhookSecrets ?? [];
  const verify = createWebhookVerifier(secrets);

  api.openapi(receive, async (c) => {
    if (secrets.length === 0) throw new AppError('INBOUND_EMAIL_NOT_CONFIGURED');
    // At most INBOUND_EMAIL_MAX_BYTES: the app's body cap for this path counted the bytes as they came.
    const raw = Buffer.from(await c.req.arrayBuffer());
    verify({
      headers: {
        id: c.req.header('webhook-id'),
        timestamp: c.req.header('webhook-timestamp'),
        signature: c.req.header('webhook-signature'),
      },
      body: raw,
      now: deps.clock.now(),
    });
    if (raw.byteLength === 0)
      throw new AppError('VALIDATION_FAILED', { fields: { body: 'The body is empty' } });
    try {
      return c.json(await ingestInboundEmail(deps, { raw, via: 'webhook' }), 200);
    } catch (error) {
      if (error instanceof UnknownRecipientError) throw new AppError('INBOUND_RECIPIENT_UNKNOWN');
      throw error;
    }
  });

  api.openapi(status, async (c) =>
    c.json(
      await getInboundStatus(deps, c.get('actor').orgId, { isSmtpListening: isInboundSmtpListening() }),
      200,
    ),
  );
}
