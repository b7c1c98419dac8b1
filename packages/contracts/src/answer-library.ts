import { z } from 'zod';

/**
 * The approved answer library (docs/product.md §2 Compliance center, docs/decisions/028-answer-library.md):
 * answers to what investors ask, approved by a director or admin, each with an owner and an expiry.
 * The drafter uses a live one when a message asks its question.
 */

/** Field caps (ours). */
export const LIBRARY_LIMITS = {
  title: 120,
  question: 1_000,
  answer: 10_000,
  search: 100,
  /** Passages one answer may cite: as many as a draft is given (docs/product.md §9). */
  citations: 8,
  /** How far ahead an approval may run: an answer is looked at again at least every two years. */
  maxApprovalDays: 730,
} as const;

/** docs/product.md §9: an answer is 'expiring soon', and its owner reminded, 14 days before it expires. */
export const LIBRARY_EXPIRING_DAYS = 14;

/**
 * live: more than 14 days to go; expiring: 14 days or less; expired: past its expiry, never used by
 * the drafter again until it is renewed.
 */
export const LIBRARY_STATUSES = ['live', 'expiring', 'expired'] as const;
export type LibraryStatus = (typeof LIBRARY_STATUSES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The status of an answer expiring at `expiresAt`, seen at `now`. */
export function libraryStatusOf(expiresAt: Date, now: Date): LibraryStatus {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return 'expired';
  return left <= LIBRARY_EXPIRING_DAYS * DAY_MS ? 'expiring' : 'live';
}

export const LIBRARY_PAGE_SIZE_DEFAULT = 50;
export const LIBRARY_PAGE_SIZE_MAX = 100;

/** A passage a library answer relies on, with its text as it read when the answer was approved. */
export const libraryCitationSchema = z.object({
  id: z.string(),
  doc_path: z.string(),
  text: z.string(),
});
export type LibraryCitation = z.infer<typeof libraryCitationSchema>;

export const libraryAnswerSchema = z.object({
  id: z.string(),
  title: z.string(),
  question: z.string(),
  answer: z.string(),
  /** The fund it answers for; null for every fund of the organisation. */
  project_id: z.string().nullable(),
  project_name: z.string().nullable(),
  owner_id: z.string(),
  owner_name: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: z.string(),
  expires_at: z.string(),
  status: z.enum(LIBRARY_STATUSES),
  citations: z.array(libraryCitationSchema),
  /** The message whose sent reply it was made from, if any. */
  source_message_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LibraryAnswer = z.infer<typeof libraryAnswerSchema>;

const titleSchema = z
  .string({ error: 'Give the answer a title' })
  .trim()
  .min(1, { error: 'Give the answer a title' })
  .max(LIBRARY_LIMITS.title, { error: `Use at most ${LIBRARY_LIMITS.title} characters` });
const questionSchema = z
  .string({ error: 'Write the question investors ask' })
  .trim()
  .min(3, { error: 'Write the question investors ask' })
  .max(LIBRARY_LIMITS.question, {
    error: `Use at most ${LIBRARY_LIMITS.question.toLocaleString('en')} characters`,
  })
  .regex(/\p{L}/u, { error: 'Write the question investors ask' });
const answerSchema = z
  .string({ error: 'Write the approved answer' })
  .trim()
  .min(1, { error: 'Write the approved answer' })
  .max(LIBRARY_LIMITS.answer, { error: 'Keep the answer under 10,000 characters' });
const projectIdSchema = z.uuid({ error: 'Choose a fund, or all funds' }).nullable();
const ownerIdSchema = z.uuid({ error: 'Choose the member who owns this answer' });
/** An instant with its offset (the web sends the end of the chosen day in the reader's time zone). */
const expiresAtSchema = z.iso.datetime({ offset: true, error: 'Choose an expiry date' });
const passageIdsSchema = z
  .array(z.uuid({ error: 'Not a passage id' }), { error: 'List the passages it cites' })
  .max(LIBRARY_LIMITS.citations, { error: `Cite at most ${LIBRARY_LIMITS.citations} passages` })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'A passage is listed twice' });

export const createLibraryAnswerInputSchema = z.object({
  title: titleSchema,
  question: questionSchema,
  answer: answerSchema,
  project_id: projectIdSchema,
  owner_id: ownerIdSchema,
  expires_at: expiresAtSchema,
  /** The passages the author picked; without them, a from_message_id's reply citations are kept. */
  passage_ids: passageIdsSchema.optional(),
  /**
   * A message whose reply was approved and sent, which the answer is made from ('Save to library'):
   * recorded as its source; its reply's citations become the answer's unless passage_ids are given.
   */
  from_message_id: z.uuid({ error: 'Not a message id' }).optional(),
});
export type CreateLibraryAnswerInput = z.input<typeof createLibraryAnswerInputSchema>;

export const updateLibraryAnswerInputSchema = z
  .object({
    title: titleSchema.optional(),
    question: questionSchema.optional(),
    answer: answerSchema.optional(),
    project_id: projectIdSchema.optional(),
    owner_id: ownerIdSchema.optional(),
    expires_at: expiresAtSchema.optional(),
    passage_ids: passageIdsSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'Change at least one field' });
export type UpdateLibraryAnswerInput = z.input<typeof updateLibraryAnswerInputSchema>;

/**
 * GET /api/compliance/library/from-message/:id ('Save to library' on a sent reply): a new answer's
 * fields as the reply gives them — the message's subject as title, the questions it asks, the reply's
 * words without greeting, thanks and sign-off, its fund and the cited passages that still exist — for
 * the author to edit before saving (POST with from_message_id).
 */
export const libraryAnswerDraftSchema = z.object({
  title: z.string(),
  question: z.string(),
  answer: z.string(),
  project_id: z.string().nullable(),
  citations: z.array(libraryCitationSchema),
  /** Passages the reply cited that its document no longer holds (re-indexed or deleted since). */
  citations_gone: z.number().int(),
  source_message_id: z.string(),
});
export type LibraryAnswerDraft = z.infer<typeof libraryAnswerDraftSchema>;

export const libraryAnswerIdParamSchema = z.object({ id: z.uuid({ error: 'Not a library answer id' }) });

const searchSchema = z
  .string()
  .trim()
  .max(LIBRARY_LIMITS.search, { error: `Use at most ${LIBRARY_LIMITS.search} characters` });

export const listLibraryQuerySchema = z.object({
  q: searchSchema.optional(),
  status: z
    .enum(['all', ...LIBRARY_STATUSES], { error: 'Use all, live, expiring or expired' })
    .default('all'),
  limit: z.coerce
    .number({ error: 'Use a number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: 'Use at least 1' })
    .max(LIBRARY_PAGE_SIZE_MAX, { error: `Use at most ${LIBRARY_PAGE_SIZE_MAX}` })
    .default(LIBRARY_PAGE_SIZE_DEFAULT),
  cursor: z.string().max(300, { error: 'Invalid cursor' }).optional(),
});
export type ListLibraryQuery = z.input<typeof listLibraryQuerySchema>;

export const listLibraryResponseSchema = z.object({
  items: z.array(libraryAnswerSchema),
  next_cursor: z.string().nullable(),
  /** Under the same search: every answer, and each status. */
  counts: z.object({
    all: z.number().int(),
    live: z.number().int(),
    expiring: z.number().int(),
    expired: z.number().int(),
  }),
});
export type ListLibraryResponse = z.infer<typeof listLibraryResponseSchema>;

/** The members an answer may be given to (its owner is reminded before it expires). */
export const libraryOwnersResponseSchema = z.object({
  items: z.array(
    z.object({ id: z.string(), name: z.string().nullable(), email: z.string(), role: z.string() }),
  ),
});
export type LibraryOwnersResponse = z.infer<typeof libraryOwnersResponseSchema>;

/** GET /api/compliance/library/passages: a fund's passages an author may cite. */
export const libraryPassagesQuerySchema = z.object({
  project_id: z.uuid({ error: 'Choose a fund' }),
  q: searchSchema.min(1, { error: 'Write what to look for' }),
});
export const libraryPassagesResponseSchema = z.object({ items: z.array(libraryCitationSchema) });
export type LibraryPassagesResponse = z.infer<typeof libraryPassagesResponseSchema>;

/** The answer library's texts (ours). */
export const LIBRARY_TEXTS = {
  title: 'Answer library',
  description:
    'Approved answers to what investors ask. A draft is written from a live answer when a message asks its question.',
  saved: 'Library answer saved',
  archived: 'Library answer archived',
  saveFailed: 'Failed to save the library answer',
  /** The action on a sent reply that opens the library form prefilled from it. */
  saveFromReply: 'Save to library',
  fromReplyFailed: 'The sent reply could not be opened as a library answer',
  /** In the form, when passages the sent reply cited have changed or gone since. */
  citationsGone: (count: number) =>
    `${count === 1 ? '1 passage' : `${count} passages`} the reply cited changed or went since it was sent: cite the passages as they read now, and check the answer against them.`,
  loadFailed: 'The answer library could not be loaded',
  allFunds: 'All funds',
  status: { live: 'Live', expiring: 'Expiring soon', expired: 'Expired' } satisfies Record<
    LibraryStatus,
    string
  >,
  /** 'How this draft was made' for a draft written from a library answer. */
  drafter: 'Answer library',
  reminderTitle: {
    expiring: (title: string) => `Library answer expires soon: ${title}`,
    expired: (title: string) => `Library answer expired: ${title}`,
  },
  reminderBody: {
    expiring: (date: string) =>
      `It expires on ${date}. Review it and renew it, or drafts will stop using it.`,
    expired: (date: string) =>
      `It expired on ${date} and drafts no longer use it. Review it and renew it, or archive it.`,
  },
} as const;
