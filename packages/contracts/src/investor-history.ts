import { z } from 'zod';
import { investorTypeSchema } from './communication-class';
import { MESSAGE_STATUSES } from './messages';

/**
 * The investor panel of a thread (docs/product.md §2 Message detail): the investor's other messages
 * in the organisation, the reply last sent to each, and when Parley was last in touch with them.
 */

/** How many of the investor's other messages the panel lists, newest first. */
export const INVESTOR_HISTORY_LIMIT = 10;
/** How far the panel counts the investor's other messages: 'more than 100' is enough to say. */
export const INVESTOR_HISTORY_COUNT_CAP = 100;

/** The reply last approved and sent for a message. */
export const investorReplySchema = z.object({
  version: z.number().int(),
  sent_at: z.string(),
  approved_by_name: z.string().nullable(),
});

export const investorMessageSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  project_name: z.string().nullable(),
  /** Unknown stored statuses are answered as 'open'. */
  status: z.enum(MESSAGE_STATUSES),
  created_at: z.string(),
  /** The reply last sent to this message, null before one is. */
  last_reply: investorReplySchema.nullable(),
});
export type InvestorMessageSummary = z.infer<typeof investorMessageSummarySchema>;

/** GET /api/messages/:id/investor. */
export const investorHistoryResponseSchema = z.object({
  investor_email: z.string(),
  /** The investor's other messages in the organisation (never this one), newest first, at most 10. */
  messages: z.array(investorMessageSummarySchema),
  /** How many other messages there are, counted up to INVESTOR_HISTORY_COUNT_CAP. */
  total: z.number().int(),
  /** More than INVESTOR_HISTORY_COUNT_CAP: `total` is the cap. */
  total_is_capped: z.boolean(),
  /** The latest of a message received from them (this one included) and a reply sent to them. */
  last_contact: z.object({
    at: z.string(),
    kind: z.enum(['message_received', 'reply_sent']),
  }),
  /** Their type (docs/decisions/054-communication-class.md); retail until someone sets it. */
  investor_type: investorTypeSchema,
  investor_type_set: z.boolean(),
});
export type InvestorHistoryResponse = z.infer<typeof investorHistoryResponseSchema>;

/** The investor panel's texts (ours). */
export const INVESTOR_PANEL_TEXTS = {
  title: 'Investor',
  lastContact: 'Last contact',
  lastContactKind: { message_received: 'message received', reply_sent: 'reply sent' },
  earlierMessages: 'Earlier messages',
  none: 'No other message from this investor.',
  loadFailed: 'The investor’s history could not be loaded',
  noReply: 'No reply sent yet',
  replySent: (at: string, approver: string | null) =>
    `Reply sent ${at}${approver ? `, approved by ${approver}` : ''}`,
  more: (shown: number, total: number, capped: boolean) =>
    `Showing the newest ${shown} of ${capped ? `more than ${total}` : total}.`,
} as const;
