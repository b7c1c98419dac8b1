import { z } from 'zod';
import { draftComplianceSchema } from './compliance';
import { DRAFTER_FAILURE_CODES, DRAFTER_FAILURE_LABELS } from './errors';

/** docs/product.md §9: the draft tone is fixed to neutral. */
export const DRAFT_TONE = 'neutral' as const;
/** docs/product.md §9: the draft reading level is fixed to 12-14. */
export const DRAFT_READING_LEVEL = '12-14' as const;

/**
 * The disclaimer every draft ends with by default: the compliance policy's starting value, which
 * an organisation replaces with its own in the Compliance center (docs/product.md §2 Compliance center).
 */
export const DEFAULT_DISCLAIMER =
  'This message is for information only and is not an offer or a solicitation. Any forward-looking statements reflect current views only, and actual results may differ. Past performance does not indicate future results.';

/** docs/product.md §3 Citation: a passage a draft relies on, named by document and page, relevance 0-1. */
export const citationSchema = z.object({
  id: z.string(),
  doc_path: z.string(),
  relevance: z.number().min(0).max(1),
});
export type Citation = z.infer<typeof citationSchema>;

/** How a version was made (drafter, model, passages given, prompt hash, who edited). */
export const draftProvenanceSchema = z
  .object({
    drafter: z.string(),
    model: z.string().nullable(),
    prompt_hash: z.string().nullable(),
    passages: z.array(z.object({ id: z.string(), doc_path: z.string() })),
    /** The tone and reading level the drafter aimed at (absent on drafts written before they were recorded). */
    tone: z.string().optional(),
    reading_level: z.string().optional(),
    edited_by: z.string().nullable().optional(),
    edited_by_name: z.string().nullable().optional(),
    based_on: z.number().int().nullable().optional(),
    /** The earlier version whose text was restored into the editor, and whose sources it keeps. */
    restored_from: z.number().int().nullable().optional(),
    /**
     * docs/decisions/025-honest-remote-drafter.md: set when the configured drafter failed and the built-in
     * one wrote this draft instead (the organisation's drafter_fallback_enabled): which drafter failed, and
     * how (its error code).
     */
    fallback_from: z.string().optional(),
    fallback_error: z.enum(DRAFTER_FAILURE_CODES).optional(),
    /**
     * docs/decisions/028-answer-library.md: set when the draft was written from an approved library answer
     * (drafter 'library'): which answer, and who approved it when.
     */
    library: z
      .object({
        id: z.string(),
        title: z.string(),
        approved_at: z.string(),
        approved_by_name: z.string().nullable(),
        expires_at: z.string(),
      })
      .optional(),
  })
  .loose();
export type DraftProvenance = z.infer<typeof draftProvenanceSchema>;

export const DRAFT_SOURCES = ['generated', 'edited'] as const;

/** One version of a reply draft (docs/product.md §3 ai_responses). */
export const draftVersionSchema = z.object({
  draftId: z.string(),
  messageId: z.string(),
  version: z.number().int(),
  source: z.enum(DRAFT_SOURCES),
  draftText: z.string(),
  citations: z.array(citationSchema),
  provenance: draftProvenanceSchema,
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  /** The version's last compliance check, null until it is checked. */
  compliance: draftComplianceSchema.nullable(),
});
export type DraftVersion = z.infer<typeof draftVersionSchema>;

/** docs/product.md §7 ai-generate response: draftText, citations, version, draftId (plus provenance). */
export const generateDraftResponseSchema = draftVersionSchema;
export type GenerateDraftResponse = z.infer<typeof generateDraftResponseSchema>;

/** POST /api/messages/:id/drafts: an edit saved as a new version of the one it was based on. */
export const saveDraftInputSchema = z.object({
  text: z
    .string({ error: 'Write the draft' })
    .trim()
    .min(1, { error: 'Write the draft' })
    .max(20_000, { error: 'Keep the draft under 20,000 characters' }),
  based_on_version: z
    .number({ error: 'Name the version this edit is based on (0 when there is none)' })
    .int()
    .min(0),
  /**
   * When an earlier version was restored into the editor: its number, so the new version keeps that
   * version's citations and provenance rather than the latest one's (the sources must match the text).
   */
  citations_from_version: z
    .number({ error: 'Name the restored version' })
    .int({ error: 'Name the restored version' })
    .min(1, { error: 'Name the restored version' })
    .optional(),
});
export type SaveDraftInput = z.input<typeof saveDraftInputSchema>;

/** The version viewer's list: every version, newest first. */
export const draftVersionSummarySchema = z.object({
  version: z.number().int(),
  source: z.enum(DRAFT_SOURCES),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export const listDraftVersionsResponseSchema = z.object({ items: z.array(draftVersionSummarySchema) });
export type ListDraftVersionsResponse = z.infer<typeof listDraftVersionsResponseSchema>;

export const draftVersionParamSchema = z.object({
  id: z.uuid({ error: 'Not a message id' }),
  version: z.coerce.number({ error: 'Not a version number' }).int().min(1).max(1_000_000),
});

/** docs/product.md §8 Inbox and draft texts. */
export const DRAFT_TEXTS = {
  loadMessageFailed: 'Failed to load message',
  /** A thread link to a message that does not exist, or not in the reader's organisation. */
  messageNotFound: 'This message does not exist, or belongs to another organisation.',
  generated: 'AI draft generated successfully!',
  generateFailed: 'Failed to generate draft',
  composeGenerated: 'AI draft generated! Review in the draft workspace.',
} as const;

/**
 * The note on a draft the built-in drafter wrote because the AI service failed
 * (docs/decisions/025-honest-remote-drafter.md); null for any other draft.
 */
export function fallbackNotice(provenance: Pick<DraftProvenance, 'fallback_from' | 'fallback_error'>) {
  if (!provenance.fallback_from) return null;
  const why = provenance.fallback_error ? ` (${DRAFTER_FAILURE_LABELS[provenance.fallback_error]})` : '';
  return `Drafted by the built-in drafter: the AI service failed${why}.`;
}
