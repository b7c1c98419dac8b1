import { z } from 'zod';

/**
 * Consistency across investors (docs/product.md §2 Message detail, docs/decisions/027-consistency-across-investors.md):
 * the replies already sent to other investors of the same fund on a similar question, shown beside
 * the draft, and the flag a draft gets when it says otherwise.
 */

/** One earlier answer: the reply sent to another investor of the fund, and the question it answered. */
export const earlierAnswerSchema = z.object({
  message_id: z.string(),
  /** The version that was approved and sent. */
  version: z.number().int(),
  investor_name: z.string(),
  subject: z.string(),
  /** The start of the investor's message, in whole words. */
  question_excerpt: z.string(),
  /** The reply as approved and sent. */
  reply_text: z.string(),
  /** When it was approved and sent. */
  sent_at: z.string(),
  approved_by_name: z.string().nullable(),
  /** How similar its question (and its reply, to the current draft) is, 0–1. */
  similarity: z.number().min(0).max(1),
  /** Similar enough to answer the same question: the draft's figures and commitments are compared with it. */
  is_same_question: z.boolean(),
});
export type EarlierAnswer = z.infer<typeof earlierAnswerSchema>;

/** GET /api/messages/:id/earlier-answers: most similar first, at most 5, none below the floor. */
export const earlierAnswersResponseSchema = z.object({ items: z.array(earlierAnswerSchema) });
export type EarlierAnswersResponse = z.infer<typeof earlierAnswersResponseSchema>;

/** The compliance flag rule of a draft that contradicts an earlier sent reply. */
export const INCONSISTENT_RULE = 'inconsistent';

/** The day a reply was sent as the flag names it ('3 November 2025', UTC: a stored flag reads the same everywhere). */
const sentDayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The label of an 'inconsistent' flag: whose reply, sent when. */
export function inconsistencyLabel(investorName: string, sentAt: Date | string): string {
  const day = sentDayFormat.format(typeof sentAt === 'string' ? new Date(sentAt) : sentAt);
  return `Inconsistent with the reply sent to ${investorName} on ${day}`;
}

/** The draft workspace's texts for earlier answers (ours). */
export const EARLIER_ANSWER_TEXTS = {
  title: 'Answered before',
  subtitle: 'Replies already sent to other investors of this fund on a similar question, most similar first.',
  empty: 'No earlier reply of this fund answers a similar question.',
  noFund: 'This message has no fund, so there are no earlier answers to compare.',
  loadFailed: 'The earlier answers could not be loaded',
  sameQuestion: 'Same question',
  sameQuestionHint: 'The compliance check compares this draft’s figures and commitments with this reply.',
  question: 'Their question',
  reply: 'Reply sent',
  sentBy: (approver: string | null, at: string) => `Sent ${at}${approver ? `, approved by ${approver}` : ''}`,
  similarity: (percent: string) => `${percent} similar`,
} as const;
