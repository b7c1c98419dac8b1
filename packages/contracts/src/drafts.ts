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

/**
 * Where a citation's `text` comes from (docs/api.md, citations): `cited`, the passage as the draft cited it,
 * kept with the version; `current`, the passage as it is indexed now, for a version stored before citations
 * kept their text. A citation with neither has `text: null` and `text_source: null`.
 */
export const CITATION_TEXT_SOURCES = ['cited', 'current'] as const;
export type CitationTextSource = (typeof CITATION_TEXT_SOURCES)[number];

/** A range of a citation's passage text (UTF-16 offsets, end exclusive). */
export const citationHighlightSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});
export type CitationHighlight = z.infer<typeof citationHighlightSchema>;

/**
 * docs/product.md §3 Citation: a passage a draft relies on, named by document and page, relevance 0-1,
 * with its text and the words of the draft that it supports (docs/api.md, citations).
 */
export const citationSchema = z.object({
  id: z.string(),
  doc_path: z.string(),
  relevance: z.number().min(0).max(1),
  text: z.string().nullable(),
  text_source: z.enum(CITATION_TEXT_SOURCES).nullable(),
  /** The cited document: its file name and page, and its id and fund while it still exists (else null). */
  document: z.object({
    file_name: z.string(),
    page: z.number().int().nullable(),
    id: z.string().nullable(),
    project_id: z.string().nullable(),
  }),
  /**
   * The supporting words: where the passage holds a word or figure that the draft's sentences carrying
   * this citation's [n] also hold, as ranges of `text` in order ([] when `text` is null).
   */
  highlights: z.array(citationHighlightSchema),
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
     * The approved templates inserted into this text or an edit it came from (docs/decisions/043-analytics.md:
     * 'replies from an approved template').
     */
    templates: z.array(z.string()).optional(),
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

/** The most templates one edit may name (and a version's provenance keeps). */
export const DRAFT_TEMPLATES_MAX = 20;

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
  /** The approved templates inserted into the text since the version it is based on. */
  templates: z
    .array(z.uuid({ error: 'Not a template id' }), { error: 'Send the template ids as a list' })
    .max(DRAFT_TEMPLATES_MAX, { error: `Name at most ${DRAFT_TEMPLATES_MAX} templates` })
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
  /** 'Sources Referenced' of a version without citations (docs/product.md §2 Message detail). */
  citesNothing: 'This draft cites no passage.',
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
