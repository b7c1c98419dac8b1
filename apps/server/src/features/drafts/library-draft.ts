import { sha256Hex } from '../../lib/crypto';
import { closing, type DraftCitation, type DraftRequest, type DraftResult, greeting } from './drafter';

/** An approved library answer as the draft needs it (docs/decisions/028-answer-library.md). */
export type LibraryAnswerSource = {
  id: string;
  title: string;
  answer: string;
  approvedAt: Date;
  approvedByName: string | null;
  expiresAt: Date;
  /** The passages the answer cites, with their text as approved. */
  citations: { id: string; doc_path: string; text: string }[];
};

/**
 * A draft written from an approved library answer instead of by a drafter: the greeting, the answer as
 * approved, the user's closing (signature and disclaimer). Its sources are the answer's; its provenance
 * names the answer and its approval, so 'How this draft was made' says where the words came from.
 */
export function draftFromLibraryAnswer(request: DraftRequest, answer: LibraryAnswerSource): DraftResult {
  const text = [greeting(request), answer.answer.trim(), closing(request)].join('\n\n');
  const citations: DraftCitation[] = answer.citations.map((c) => ({
    id: c.id,
    doc_path: c.doc_path,
    relevance: 1,
    text: c.text,
  }));
  const approvedAt = answer.approvedAt.toISOString();
  return {
    text,
    citations,
    provenance: {
      drafter: 'library',
      model: null,
      prompt_hash: sha256Hex(JSON.stringify({ library_answer: answer.id, approved_at: approvedAt, request })),
      passages: citations.map((c) => ({ id: c.id, doc_path: c.doc_path })),
      tone: request.tone,
      reading_level: request.readingLevel,
      library: {
        id: answer.id,
        title: answer.title,
        approved_at: approvedAt,
        approved_by_name: answer.approvedByName,
        expires_at: answer.expiresAt.toISOString(),
      },
    },
  };
}
