import { z } from 'zod';

/**
 * The drift watch's 'Needs review' queue (docs/decisions/028-answer-library.md): when a fund document is
 * re-indexed or deleted, each unsent draft and each library answer that cited one of its passages whose
 * text changed or went is listed, with the old passage and the best-matching new one side by side.
 */
export const REVIEW_ITEM_KINDS = ['draft', 'library_answer'] as const;
export type ReviewItemKind = (typeof REVIEW_ITEM_KINDS)[number];

export const REVIEW_PAGE_SIZE_DEFAULT = 20;
export const REVIEW_PAGE_SIZE_MAX = 100;

const passageSchema = z.object({ passage_id: z.string(), doc_path: z.string(), text: z.string() });

export const reviewItemSchema = z.object({
  id: z.string(),
  kind: z.enum(REVIEW_ITEM_KINDS),
  /** The document whose passages changed (null once it is deleted) and its file name. */
  document_id: z.string().nullable(),
  file_name: z.string(),
  /** A draft: its message (the thread) and the version that cited the passage. */
  message_id: z.string().nullable(),
  version: z.number().int().nullable(),
  investor_name: z.string().nullable(),
  subject: z.string().nullable(),
  /** A library answer: its id and title. */
  library_answer_id: z.string().nullable(),
  library_answer_title: z.string().nullable(),
  /** The passage as it was cited. */
  old: passageSchema,
  /** The document's passage that reads most like it now; null when its text is gone. */
  new: passageSchema.nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  reviewed_by_name: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const listReviewItemsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use at least 1' })
    .max(REVIEW_PAGE_SIZE_MAX, { error: `Use at most ${REVIEW_PAGE_SIZE_MAX}` })
    .default(REVIEW_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(300, { error: 'Invalid cursor' }).optional(),
});
export type ListReviewItemsQuery = z.input<typeof listReviewItemsQuerySchema>;

export const listReviewItemsResponseSchema = z.object({
  items: z.array(reviewItemSchema),
  next_cursor: z.string().nullable(),
  /** Items waiting for review. */
  total: z.number().int(),
});
export type ListReviewItemsResponse = z.infer<typeof listReviewItemsResponseSchema>;

export const reviewItemIdParamSchema = z.object({ id: z.uuid({ error: 'Not a review item id' }) });

/** The queue's texts (ours). */
export const REVIEW_TEXTS = {
  title: 'Needs review',
  description:
    'Drafts not yet sent and library answers that cite a passage of a fund document that was re-indexed or deleted, with the passage as cited and as it reads now.',
  empty: 'Nothing needs review.',
  loadFailed: 'The review queue could not be loaded',
  markReviewed: 'Mark reviewed',
  reviewed: 'Marked reviewed',
  reviewFailed: 'Failed to mark it reviewed',
  alreadyReviewed: 'This item was already reviewed.',
  textGone: 'The document no longer holds this text.',
  /** What 'Mark reviewed' does to a library answer's source (docs/decisions/028-answer-library.md). */
  libraryNote:
    'Marking it reviewed makes the new passage the answer’s source (or drops the source when its text is gone).',
} as const;
