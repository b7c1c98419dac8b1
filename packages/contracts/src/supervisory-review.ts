import { z } from 'zod';
import { COMMUNICATION_CLASSES } from './communication-class';
import { COMPLIANCE_SEVERITIES } from './compliance';

/**
 * Supervisory review (docs/decisions/055-supervisory-review.md): a reply finalised by one of its own
 * authors went out without anybody else reading it first, so it is drawn for a director's review after
 * sending — always when it was flagged, else at the organisation's sample rate.
 */
export const SUPERVISORY_REVIEW_REASONS = ['flagged', 'sampled'] as const;
export type SupervisoryReviewReason = (typeof SUPERVISORY_REVIEW_REASONS)[number];

export const SUPERVISORY_REVIEW_STATUSES = ['pending', 'signed_off'] as const;
export type SupervisoryReviewStatus = (typeof SUPERVISORY_REVIEW_STATUSES)[number];

export const SUPERVISORY_REVIEW_PAGE_SIZE_DEFAULT = 20;
/** docs/product.md §9: limit ≤ 100. */
export const SUPERVISORY_REVIEW_PAGE_SIZE_MAX = 100;
/** A sign-off note: optional, short enough for the audit log. */
export const SUPERVISORY_REVIEW_NOTE_MAX = 1000;

/** GET /api/supervisory-reviews?status&limit&cursor: newest drawn first. */
export const listSupervisoryReviewsQuerySchema = z.object({
  status: z.enum(SUPERVISORY_REVIEW_STATUSES, { error: 'Use pending or signed_off' }).default('pending'),
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use at least 1' })
    .max(SUPERVISORY_REVIEW_PAGE_SIZE_MAX, { error: `Use at most ${SUPERVISORY_REVIEW_PAGE_SIZE_MAX}` })
    .default(SUPERVISORY_REVIEW_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200, { error: 'Invalid cursor' }).optional(),
});
export type ListSupervisoryReviewsQuery = z.input<typeof listSupervisoryReviewsQuerySchema>;

export const supervisoryReviewSchema = z.object({
  id: z.string(),
  reason: z.enum(SUPERVISORY_REVIEW_REASONS),
  status: z.enum(SUPERVISORY_REVIEW_STATUSES),
  /** The thread the reply answered. */
  message_id: z.string(),
  investor_name: z.string(),
  investor_email: z.string(),
  subject: z.string(),
  /** When the reply was finalised and sent, and by whom (null once that member is gone). */
  sent_at: z.string(),
  sent_by_name: z.string().nullable(),
  version: z.number().int(),
  /** The flags of the check the reply was sent on, cleared ones included. */
  flags: z.object({
    count: z.number().int(),
    highest: z.enum(COMPLIANCE_SEVERITIES).nullable(),
  }),
  /** The communication class it was sent as, when one was set (docs/decisions/054-communication-class.md). */
  communication_class: z.enum(COMMUNICATION_CLASSES).nullable(),
  drawn_at: z.string(),
  reviewed_by_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  note: z.string().nullable(),
});
export type SupervisoryReview = z.infer<typeof supervisoryReviewSchema>;

export const listSupervisoryReviewsResponseSchema = z.object({
  items: z.array(supervisoryReviewSchema),
  next_cursor: z.string().nullable(),
  /** Replies waiting for a director's sign-off, whichever status was listed. */
  pending: z.number().int(),
});
export type ListSupervisoryReviewsResponse = z.infer<typeof listSupervisoryReviewsResponseSchema>;

export const supervisoryReviewIdParamSchema = z.object({ id: z.uuid({ error: 'Not a review id' }) });

/** POST /api/supervisory-reviews/:id/sign-off: an optional note; blank counts as none. */
export const signOffSupervisoryReviewInputSchema = z.object({
  note: z
    .string({ error: 'Write the note as text' })
    .trim()
    .max(SUPERVISORY_REVIEW_NOTE_MAX, { error: 'Use at most 1,000 characters' })
    .optional()
    .transform((note) => (note ? note : undefined)),
});
export type SignOffSupervisoryReviewInput = z.input<typeof signOffSupervisoryReviewInputSchema>;

/** The post-send review's texts (ours). */
export const SUPERVISORY_REVIEW_TEXTS = {
  tab: 'Post-send review',
  approvalsTab: 'Waiting for approval',
  title: 'Post-send review',
  description:
    'Replies their own writer finalised, so nobody else read them before they went: every flagged one and a sample of the rest. Read each and sign it off.',
  pendingTab: 'To review',
  signedOffTab: 'Signed off',
  reasons: { flagged: 'Flagged', sampled: 'Sampled' } satisfies Record<SupervisoryReviewReason, string>,
  reasonHints: {
    flagged: 'It had compliance flags when it was sent',
    sampled: 'Drawn at your organisation’s sample rate',
  } satisfies Record<SupervisoryReviewReason, string>,
  emptyPending: 'Nothing to review',
  emptyPendingHint:
    'Replies sent without pre-approval appear here when they are drawn: every flagged one and a sample of the rest.',
  emptySignedOff: 'Nothing signed off yet',
  emptySignedOffHint: 'Replies you and other directors sign off are kept here, with their notes.',
  openThread: 'Open the thread',
  loadFailed: 'Failed to load the post-send review',
  signOff: 'Sign off',
  signOffTitle: 'Sign off this reply',
  signOffDescription: 'You have read the reply as it was sent. Signing off is kept in the audit log.',
  noteLabel: 'Note (optional)',
  noteHint: 'For example what you checked or what you raised with its writer. At most 1,000 characters.',
  signedOff: 'Signed off',
  signOffFailed: 'Failed to sign off the reply',
  alreadySignedOff: 'This reply was already signed off.',
} as const;
