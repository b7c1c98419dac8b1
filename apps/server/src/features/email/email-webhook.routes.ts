import {
  type EmailWebhookEvent,
  emailWebhookResponseSchema,
  findUnstorableText,
  parseEmailWebhookPayload,
  UNSTORABLE_TEXT_MESSAGE,
} from '@parley/contracts';
import { fieldsOf } from '../../http/errors';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { AppError } from '../../lib/errors';
import { storeWebhookEvents } from './email-webhook.service';
import { createWebhookVerifier } from './webhook-signature';

/**
 * The mail provider's delivery reports (docs/api.md 'Delivery webhook'). The body is declared in no
 * schema here on purpose: a route's schema runs before its handler, and this one must verify the
 * signature over the raw bytes before anything parses them.
 */
const receive = apiRoute({
  method: 'post',
  path: '/api/webhooks/email-events',
  summary:
    'Delivery reports (delivered, bounced, complained, opened, clicked, deferred) signed as Standard Webhooks',
  ok: { status: 200, schema: emailWebhookResponseSchema, description: 'Stored, or a replay acknowledged' },
  errors: [400, 401, 413, 415, 503],
});

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The events of a verified body, or the 400 naming what is wrong with it. */
function parsePayload(text: string): EmailWebhookEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', { fields: { body: 'Malformed JSON' } });
  }
  // The string rule (docs/api.md Conventions): details are jsonb, which stores neither a NUL nor a lone surrogate.
  const unstorable = findUnstorableText(parsed);
  if (unstorable) {
    const field = unstorable.length > 0 ? unstorable.join('.') : 'body';
    throw new AppError('VALIDATION_FAILED', { fields: { [field]: UNSTORABLE_TEXT_MESSAGE } });
  }
  const payload = parseEmailWebhookPayload(parsed);
  if (!payload.success) throw new AppError('VALIDATION_FAILED', { fields: fieldsOf(payload.error) });
  return payload.events;
}

export function registerEmailWebhookRoutes(api: ApiRouter, deps: RouteDeps) {
  const verify = createWebhookVerifier(deps.config.emailWebhookSecrets);

  api.openapi(receive, async (c) => {
    if (deps.config.emailWebhookSecrets.length === 0) throw new AppError('WEBHOOK_NOT_CONFIGURED');
    let text: string;
    try {
      // At most 128 KB: the app's body cap for this path counted the bytes as they came.
      text = strictUtf8.decode(await c.req.arrayBuffer());
    } catch {
      throw new AppError('VALIDATION_FAILED', { fields: { body: 'The body is not valid UTF-8' } });
    }
    const webhookId = verify({
      headers: {
        id: c.req.header('webhook-id'),
        timestamp: c.req.header('webhook-timestamp'),
        signature: c.req.header('webhook-signature'),
      },
      body: text,
      now: deps.clock.now(),
    });
    return c.json(await storeWebhookEvents(deps, webhookId, parsePayload(text)), 200);
  });
}
