import { z } from 'zod';

/**
 * Delivery reports a mail provider (or a relay script in front of it) posts to
 * POST /api/webhooks/email-events, signed as Standard Webhooks (docs/api.md 'Delivery webhook',
 * docs/decisions/039-email-delivery-webhook.md).
 */
export const EMAIL_WEBHOOK_EVENT_TYPES = [
  'email.delivered',
  'email.bounced',
  'email.complained',
  'email.opened',
  'email.clicked',
  'email.deferred',
] as const;
export type EmailWebhookEventType = (typeof EMAIL_WEBHOOK_EVENT_TYPES)[number];

/** docs/product.md §9: delivery webhooks are capped at 128 KB; a larger body is a 413, unread. */
export const EMAIL_WEBHOOK_MAX_BYTES = 128 * 1024;
/** Events one delivery may carry as `{ "events": [...] }`. */
export const EMAIL_WEBHOOK_MAX_EVENTS = 100;
/** Standard Webhooks' tolerance: a webhook-timestamp further than this from the server's clock is refused. */
export const EMAIL_WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * Every action_type of `email_events`: the sender's own attempts (decision 010) and the provider's
 * reports (decision 039). The email health report counts these over EMAIL_EVENTS_WINDOW_DAYS.
 */
export const EMAIL_EVENT_ACTION_TYPES = [
  'email_sent',
  'email_stored',
  'email_failed',
  'email_given_up',
  'email_suppressed',
  'email_delivered',
  'email_bounced',
  'email_complained',
  'email_opened',
  'email_clicked',
  'email_deferred',
] as const;
export type EmailEventActionType = (typeof EMAIL_EVENT_ACTION_TYPES)[number];

/** The action_type each reported event is stored as. */
export const WEBHOOK_EVENT_ACTION_TYPES = {
  'email.delivered': 'email_delivered',
  'email.bounced': 'email_bounced',
  'email.complained': 'email_complained',
  'email.opened': 'email_opened',
  'email.clicked': 'email_clicked',
  'email.deferred': 'email_deferred',
} as const satisfies Record<EmailWebhookEventType, EmailEventActionType>;

/** A report is stored as a success when the mail reached (or was read by) the recipient. */
export const SUCCESSFUL_WEBHOOK_EVENT_TYPES: ReadonlySet<EmailWebhookEventType> = new Set([
  'email.delivered',
  'email.opened',
  'email.clicked',
]);

export const emailWebhookEventSchema = z.object({
  type: z.enum(EMAIL_WEBHOOK_EVENT_TYPES, { error: `Use one of ${EMAIL_WEBHOOK_EVENT_TYPES.join(', ')}` }),
  /** When the provider saw it happen; kept in details.occurred_at (the row's own time is the server's). */
  created_at: z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date-time' }),
  data: z.object({
    /** The Message-ID the mail was sent with, angle brackets included, compared exactly. */
    message_id: z.string().trim().min(1, { error: 'Required' }).max(998, { error: 'At most 998 characters' }),
    /** The recipient as the provider saw it: the row's address when the Message-ID matches no mail. */
    to: z.string().trim().min(1, { error: 'Required' }).max(320, { error: 'At most 320 characters' }),
    bounce_type: z.enum(['hard', 'soft'], { error: 'Use hard or soft' }).optional(),
    /** The link followed (email.clicked). */
    url: z.string().max(2048, { error: 'At most 2,048 characters' }).optional(),
    reason: z.string().max(1000, { error: 'At most 1,000 characters' }).optional(),
  }),
});
export type EmailWebhookEvent = z.infer<typeof emailWebhookEventSchema>;

/** A batch `{ "events": [...] }` of 1 to EMAIL_WEBHOOK_MAX_EVENTS events. */
export const emailWebhookBatchSchema = z.object({
  events: z
    .array(emailWebhookEventSchema)
    .min(1, { error: 'Send at least one event' })
    .max(EMAIL_WEBHOOK_MAX_EVENTS, { error: `At most ${EMAIL_WEBHOOK_MAX_EVENTS} events` }),
});

/**
 * A delivery's events: a batch when the body has `events`, else one event, each checked by its own
 * schema so a 400 names the field (`events.3.data.to`) rather than the union.
 */
export function parseEmailWebhookPayload(body: unknown) {
  const isBatch = typeof body === 'object' && body !== null && !Array.isArray(body) && 'events' in body;
  if (isBatch) {
    const batch = emailWebhookBatchSchema.safeParse(body);
    return batch.success ? { success: true as const, events: batch.data.events } : batch;
  }
  const single = emailWebhookEventSchema.safeParse(body);
  return single.success ? { success: true as const, events: [single.data] } : single;
}

/** 200 to the sender: how many events this delivery stored; `duplicate` when its webhook-id was seen before. */
export const emailWebhookResponseSchema = z.object({
  stored: z.number().int().nonnegative(),
  unmatched: z.number().int().nonnegative(),
  duplicate: z.boolean(),
});
export type EmailWebhookResponse = z.infer<typeof emailWebhookResponseSchema>;

/** docs/product.md §9: the email health monitor looks at the last 7 days. */
export const EMAIL_EVENTS_WINDOW_DAYS = 7;
/** docs/product.md §2 Email health monitor: the 50 most recent events. */
export const EMAIL_EVENTS_PAGE_SIZE_MAX = 50;

/** GET /api/admin/email-events: the organisation's events of the last 7 days, newest first. */
export const listEmailEventsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: `Use a number from 1 to ${EMAIL_EVENTS_PAGE_SIZE_MAX}` })
    .max(EMAIL_EVENTS_PAGE_SIZE_MAX, { error: `Use a number from 1 to ${EMAIL_EVENTS_PAGE_SIZE_MAX}` })
    .default(EMAIL_EVENTS_PAGE_SIZE_MAX),
  cursor: z.string().max(300, { error: 'Invalid cursor' }).optional(),
  type: z.enum(EMAIL_EVENT_ACTION_TYPES, { error: 'Not an e-mail event type' }).optional(),
  /** A case-insensitive part of the recipient's address (`%` and `_` literal). */
  recipient: z
    .string()
    .trim()
    .min(1, { error: 'Required' })
    .max(320, { error: 'At most 320 characters' })
    .optional(),
});
export type ListEmailEventsQuery = z.infer<typeof listEmailEventsQuerySchema>;

/** docs/product.md §3 email_events_v (id, timestamp, action_type, recipient_email, template, success) and details. */
export const emailEventSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  action_type: z.string(),
  recipient_email: z.string(),
  template: z.string(),
  success: z.boolean(),
  details: z.record(z.string(), z.unknown()),
});
export type EmailEvent = z.infer<typeof emailEventSchema>;

export const listEmailEventsResponseSchema = z.object({
  items: z.array(emailEventSchema),
  next_cursor: z.string().nullable(),
});
export type ListEmailEventsResponse = z.infer<typeof listEmailEventsResponseSchema>;
