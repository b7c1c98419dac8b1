import { z } from 'zod';
import { disclosureInputSchema } from './projects';

// Regulation FD (docs/decisions/053-non-public-documents.md): a document's passages with their marks,
// marking one passage, and the fund's Disclosures ledger of what was told to whom and when.

/** STYLE.md: lists paginate on the server with limit ≤ 100. */
export const PASSAGES_PAGE_LIMIT_MAX = 100;
export const PASSAGES_PAGE_LIMIT_DEFAULT = 20;
/** A ledger row carries its citations, so its pages are shorter than other lists'. */
export const DISCLOSURES_PAGE_LIMIT_MAX = 50;
export const DISCLOSURES_PAGE_LIMIT_DEFAULT = 25;
/** The longest investor name or e-mail fragment the ledger searches for (an e-mail address is at most 254). */
export const DISCLOSURES_SEARCH_MAX_LENGTH = 254;

const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Use a whole number' })
    .int({ error: 'Use a whole number' })
    .min(1, { error: `Use a number from 1 to ${max}` })
    .max(max, { error: `Use a number from 1 to ${max}` })
    .default(fallback);

const cursorSchema = z.string().max(1000, { error: 'Invalid cursor' }).optional();

export const passageIdParamSchema = z.object({
  id: z.uuid({ error: 'Not a valid project id' }),
  docId: z.uuid({ error: 'Not a valid document id' }),
  passageId: z.uuid({ error: 'Not a valid passage id' }),
});

/** GET /api/projects/:id/documents/:docId/passages: in the document's order, one page at a time. */
export const listPassagesQuerySchema = z.object({
  limit: pageLimit(PASSAGES_PAGE_LIMIT_MAX, PASSAGES_PAGE_LIMIT_DEFAULT),
  cursor: cursorSchema,
});
export type ListPassagesQuery = z.infer<typeof listPassagesQuerySchema>;

/** One indexed passage of a document, with its own non-public mark. */
export const documentPassageSchema = z.object({
  id: z.string(),
  document_id: z.string(),
  page: z.number().int().nullable(),
  /** Its place in the document, from 0. */
  ordinal: z.number().int().nonnegative(),
  text: z.string(),
  /** Marked non-public on its own, with the time it becomes public (the document's mark is the document's). */
  non_public: z.boolean(),
  public_from: z.string().nullable(),
});
export type DocumentPassage = z.infer<typeof documentPassageSchema>;

export const listPassagesResponseSchema = z.object({
  items: z.array(documentPassageSchema),
  next_cursor: z.string().nullable(),
});
export type ListPassagesResponse = z.infer<typeof listPassagesResponseSchema>;

/** PUT …/passages/{passageId}/disclosure: as the document's, for one passage. */
export const passageDisclosureInputSchema = disclosureInputSchema('passage');
export type PassageDisclosureInput = z.input<typeof passageDisclosureInputSchema>;

/** GET /api/projects/:id/disclosures: newest approval first, optionally for one investor's name or e-mail. */
export const listDisclosuresQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(DISCLOSURES_SEARCH_MAX_LENGTH, { error: `Use at most ${DISCLOSURES_SEARCH_MAX_LENGTH} characters` })
    .optional(),
  limit: pageLimit(DISCLOSURES_PAGE_LIMIT_MAX, DISCLOSURES_PAGE_LIMIT_DEFAULT),
  cursor: cursorSchema,
});
export type ListDisclosuresQuery = z.infer<typeof listDisclosuresQuerySchema>;

/** One citation of a sent reply: what it cited then, and whether its passage or document is non-public now. */
export const disclosureCitationSchema = z.object({
  /** Its [n] in the reply. */
  n: z.number().int().positive(),
  /** The passage while it still exists (null once re-indexed away or deleted). */
  passage_id: z.string().nullable(),
  /** The document while it still exists. */
  document_id: z.string().nullable(),
  /** The document's name now, or as the citation recorded it once the document is gone. */
  document_name: z.string(),
  page: z.number().int().nullable(),
  /** The passage as the reply cited it; null for citations stored before the text was kept. */
  text: z.string().nullable(),
  /** Marked non-public and not yet public, now: the document, and the passage on its own. */
  document_non_public: z.boolean(),
  passage_non_public: z.boolean(),
});
export type DisclosureCitation = z.infer<typeof disclosureCitationSchema>;

/** One reply approved and e-mailed to an investor of the fund: what was told to whom and when. */
export const disclosureEntrySchema = z.object({
  response_id: z.string(),
  /** The thread: /inbox/<message_id>. */
  message_id: z.string(),
  version: z.number().int(),
  approved_at: z.string(),
  approved_by_name: z.string().nullable(),
  investor_name: z.string(),
  investor_email: z.string(),
  subject: z.string(),
  citations: z.array(disclosureCitationSchema),
  /** The check stored with the approval flagged 'Selective disclosure': it was sent over that flag. */
  sent_over_disclosure_flag: z.boolean(),
  /** The approver's written reason when the reply went out over a high-severity flag. */
  override_reason: z.string().nullable(),
});
export type DisclosureEntry = z.infer<typeof disclosureEntrySchema>;

export const listDisclosuresResponseSchema = z.object({
  items: z.array(disclosureEntrySchema),
  next_cursor: z.string().nullable(),
});
export type ListDisclosuresResponse = z.infer<typeof listDisclosuresResponseSchema>;
