import type { DbOrTx } from '../../db/client';
import { questionParts } from '../drafts/question-parts';
import {
  findLibraryCandidates,
  type LibraryAnswerRow,
  type LibraryCandidate,
} from './answer-library.queries';

// The answer library's one read the drafting workflow makes: a public module of the feature rather than
// part of its queries (docs/decisions/018-import-boundaries.md, 028-answer-library.md).

/**
 * docs/decisions/028-answer-library.md: when a message asks a library answer's question. Counted over
 * lexemes (English stems without stop words, as PostgreSQL's index has them):
 * - `minQuestionCoverage`: the share of the question's words the message holds — nearly all of them,
 *   so an answer is never used for a neighbouring question;
 * - `minSharedWords`: at least two words in common, so a one-word question ('Fees?') matches nothing;
 * - `minPartShare`: every question the message asks (its sentences that ask, as the drafter splits
 *   them) shares at least this share of its words with the answer's question — a message that also
 *   asks something else goes to the drafter, which answers each part. A part of fewer than
 *   `partMinWords` words ('Could you help?') asks nothing of its own and is not counted.
 */
export const LIBRARY_MATCH = {
  minQuestionCoverage: 0.75,
  minSharedWords: 2,
  minPartShare: 0.3,
  partMinWords: 2,
} as const;

export type LibraryMatchScore = { shared: number; coverage: number; partShare: number };

function sharedCount(words: ReadonlySet<string>, other: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of words) if (other.has(word)) shared += 1;
  return shared;
}

export function libraryMatchScore(
  questionLexemes: readonly string[],
  message: { lexemes: readonly string[]; parts: readonly (readonly string[])[] },
): LibraryMatchScore {
  const question = new Set(questionLexemes);
  const shared = sharedCount(question, new Set(message.lexemes));
  const partShares = message.parts
    .map((part) => new Set(part))
    .filter((part) => part.size >= LIBRARY_MATCH.partMinWords)
    .map((part) => sharedCount(part, question) / part.size);
  return {
    shared,
    coverage: question.size === 0 ? 0 : shared / question.size,
    partShare: partShares.length === 0 ? 1 : Math.min(...partShares),
  };
}

export function isLibraryMatch(score: LibraryMatchScore): boolean {
  return (
    score.shared >= LIBRARY_MATCH.minSharedWords &&
    score.coverage >= LIBRARY_MATCH.minQuestionCoverage &&
    score.partShare >= LIBRARY_MATCH.minPartShare
  );
}

/**
 * The best matching candidate: the most of its question covered, then the closest to the message's
 * questions, then an answer for this fund before one for all funds, then the latest approved.
 */
export function bestLibraryMatch<T extends LibraryCandidate>(
  candidates: readonly T[],
  message: { lexemes: readonly string[]; parts: readonly (readonly string[])[] },
): T | null {
  const scored = candidates
    .map((candidate) => ({ candidate, score: libraryMatchScore(candidate.questionLexemes, message) }))
    .filter(({ score }) => isLibraryMatch(score));
  scored.sort(
    (a, b) =>
      b.score.coverage - a.score.coverage ||
      b.score.partShare - a.score.partShare ||
      Number(b.candidate.projectId !== null) - Number(a.candidate.projectId !== null) ||
      b.candidate.approvedAt.getTime() - a.candidate.approvedAt.getTime(),
  );
  return scored[0]?.candidate ?? null;
}

/** What a draft written from a library answer needs of it. */
export type LibraryAnswerForDraft = Pick<
  LibraryAnswerRow,
  'id' | 'title' | 'answer' | 'approvedAt' | 'approvedByName' | 'expiresAt' | 'citations'
>;

/**
 * The live library answer whose question the message asks, for the message's fund or all funds (a
 * message without a fund: all funds only); null when none matches. An expired or archived answer is
 * never returned.
 */
export async function findLibraryAnswerForMessage(
  db: DbOrTx,
  input: {
    orgId: string;
    message: { projectId: string | null; subject: string; bodyText: string };
    now: Date;
  },
): Promise<LibraryAnswerForDraft | null> {
  const { subject, bodyText } = input.message;
  const { message, candidates } = await findLibraryCandidates(db, {
    orgId: input.orgId,
    projectId: input.message.projectId,
    messageText: `${subject}\n${bodyText}`,
    parts: questionParts(subject, bodyText),
    now: input.now,
  });
  const best = bestLibraryMatch(candidates, message);
  if (!best) return null;
  return {
    id: best.id,
    title: best.title,
    answer: best.answer,
    approvedAt: best.approvedAt,
    approvedByName: best.approvedByName,
    expiresAt: best.expiresAt,
    citations: best.citations,
  };
}
