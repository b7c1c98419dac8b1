import {
  EMAIL_EVENTS_WINDOW_DAYS,
  type ListEmailEventsQuery,
  type ListEmailEventsResponse,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { encodeTimeCursor, parseTimeCursor } from '../../lib/cursor';
import { containsPattern } from '../../lib/like';
import {
  countFailedWebhookReceipts,
  countUnmatchedEmailEvents,
  type EmailEventRow,
  findLastWebhookReceiptAt,
  listEmailEvents,
} from './email-events.queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/admin/email-events: the organisation's e-mail events of the last 7 days by the server's
 * clock, newest first, a page at a time; `type` one action_type, `recipient` a case-insensitive part
 * of the address.
 */
export async function listOrganizationEmailEvents(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'orgId'>,
  query: ListEmailEventsQuery,
): Promise<ListEmailEventsResponse> {
  const rows = await listEmailEvents(ctx.db, {
    orgId: actor.orgId,
    since: new Date(ctx.clock.now().getTime() - EMAIL_EVENTS_WINDOW_DAYS * DAY_MS),
    after: query.cursor ? parseTimeCursor(query.cursor) : null,
    limit: query.limit,
    ...(query.type ? { actionType: query.type } : {}),
    ...(query.recipient ? { recipientPattern: containsPattern(query.recipient.toLowerCase()) } : {}),
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toEmailEvent),
    next_cursor:
      rows.length > query.limit && last ? encodeTimeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

function toEmailEvent(row: EmailEventRow) {
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    action_type: row.actionType,
    recipient_email: row.recipientEmail,
    template: row.template,
    success: row.success,
    details: row.details,
  };
}

/** What the email health report says about the delivery webhook (docs/decisions/039-email-delivery-webhook.md). */
export type WebhookStats = {
  /** Verified deliveries answered 5xx in the 24 hours up to `now`: the report's webhook_5xx_count_24h. */
  count5xx24h: number;
  /** When the last delivery whose events were stored arrived; null before the first. */
  lastEventAt: Date | null;
  /** Reported events of the last 24 hours whose Message-ID matched no mail Parley sent. */
  unmatched24h: number;
};

/**
 * The delivery webhook's figures at `now`, over every organisation: a delivery is not one
 * organisation's until its events are matched, and a failed one never is.
 */
export async function webhookStats(db: DbOrTx, now: Date): Promise<WebhookStats> {
  const since = new Date(now.getTime() - DAY_MS);
  const count5xx24h = await countFailedWebhookReceipts(db, since, now);
  const lastEventAt = await findLastWebhookReceiptAt(db, now);
  const unmatched24h = await countUnmatchedEmailEvents(db, since, now);
  return { count5xx24h, lastEventAt, unmatched24h };
}
