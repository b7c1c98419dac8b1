import {
  type EmailWebhookEvent,
  type EmailWebhookResponse,
  SUCCESSFUL_WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_ACTION_TYPES,
} from '@parley/contracts';
import type { ServiceContext } from '../../context';
import type { emailEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  claimWebhookReceipt,
  findOutboxMailsByMessageIds,
  insertEmailEvents,
  insertFailedWebhookReceipt,
  type OutboxMailByMessageId,
} from './email-events.queries';

type Ctx = Pick<ServiceContext, 'db' | 'clock' | 'logger'>;

/** The template of a reported event whose Message-ID matches no mail Parley sent. */
export const UNMATCHED_TEMPLATE = 'unknown';

/**
 * Stores the events of a verified delivery (docs/decisions/039-email-delivery-webhook.md) in one transaction with its receipt, so a replayed webhook-id
 * stores nothing and is still acknowledged. A failure to store is answered 500 (the provider retries)
 * and recorded, best effort and apart from the rolled-back transaction, as a 5xx receipt for the
 * health report's webhook_5xx_count_24h.
 *
 * No audit entry: delivery reports are not anybody's action, they come by the thousand (one per
 * delivery, open and click), and `email_events` is their record; the audit chain keeps what people
 * and Parley did (docs/architecture.md 'The audit chain').
 */
export async function storeWebhookEvents(
  ctx: Ctx,
  webhookId: string,
  events: EmailWebhookEvent[],
): Promise<EmailWebhookResponse> {
  const receivedAt = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const isFirst = await claimWebhookReceipt(tx, { webhookId, receivedAt, eventCount: events.length });
      if (!isFirst) return { stored: 0, unmatched: 0, duplicate: true };
      const mails = await findOutboxMailsByMessageIds(
        tx,
        events.map((event) => event.data.message_id),
      );
      const rows = events.map((event) =>
        eventRow(event, mails.get(event.data.message_id) ?? null, { webhookId, receivedAt }),
      );
      await insertEmailEvents(tx, rows);
      const unmatched = rows.filter((row) => row.outboxId === null).length;
      return { stored: rows.length, unmatched, duplicate: false };
    });
  } catch (error) {
    if (!(error instanceof AppError)) await recordFailedDelivery(ctx, webhookId, receivedAt);
    throw error;
  }
}

async function recordFailedDelivery(ctx: Ctx, webhookId: string, receivedAt: Date) {
  try {
    await insertFailedWebhookReceipt(ctx.db, { webhookId, receivedAt, status: 500 });
  } catch (error) {
    ctx.logger.warn('failed delivery webhook not counted', {
      webhookId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * The `email_events` row of one reported event: the mail's organisation, recipient and template when
 * its Message-ID matches one, else kept without an organisation and flagged `unmatched` (decision 039).
 * The row's time is the server's; the provider's own is details.occurred_at.
 */
function eventRow(
  event: EmailWebhookEvent,
  mail: OutboxMailByMessageId | null,
  delivery: { webhookId: string; receivedAt: Date },
): typeof emailEvents.$inferInsert {
  const { data } = event;
  return {
    orgId: mail?.orgId ?? null,
    outboxId: mail?.id ?? null,
    createdAt: delivery.receivedAt,
    actionType: WEBHOOK_EVENT_ACTION_TYPES[event.type],
    recipientEmail: mail?.toEmail ?? data.to.toLowerCase(),
    template: mail?.template ?? UNMATCHED_TEMPLATE,
    success: SUCCESSFUL_WEBHOOK_EVENT_TYPES.has(event.type),
    details: {
      message_id: data.message_id,
      occurred_at: event.created_at,
      webhook_id: delivery.webhookId,
      ...(data.bounce_type !== undefined ? { bounce_type: data.bounce_type } : {}),
      ...(data.url !== undefined ? { url: data.url } : {}),
      ...(data.reason !== undefined ? { reason: data.reason } : {}),
      ...(mail ? {} : { unmatched: true }),
    },
  };
}
