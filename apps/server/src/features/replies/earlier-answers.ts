import { type EarlierAnswersResponse, INCONSISTENT_RULE, inconsistencyLabel } from '@parley/contracts';
import type { Flag } from '@parley/guardrails';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  EARLIER_ANSWER_FLOOR,
  EARLIER_ANSWER_LIMIT,
  rankEarlierAnswers,
  SAME_QUESTION_FLOOR,
  type Similarity,
  searchWordsOf,
} from './answer-similarity';
import { findInconsistencies } from './consistency';
import { type EarlierAnswerCandidate, listEarlierAnswerCandidates } from './earlier-answers.queries';
import { previewOf } from './flag-excerpts';
import { findDraftVersion, findReplyMessage, type ReplyMessageRow } from './replies.queries';

/**
 * Consistency across investors (docs/decisions/027-consistency-across-investors.md): the replies sent
 * to other investors of the fund on a similar question, beside the draft, and the 'inconsistent'
 * flags a check adds where a draft says otherwise than the closest of them.
 */

/**
 * How many indexed candidates are scored: the full-text rank orders them, the word overlap of
 * answer-similarity.ts decides. Bounds the work of a request and of a check.
 */
const CANDIDATE_LIMIT = 50;
/**
 * How many of the fund's replies sent last are searched for earlier answers (the latest of each message
 * among them): the bound that keeps every draft's search to a few ms whatever the size of the history,
 * while reaching well back in a fund's correspondence. An answer sent before them is not offered
 * (docs/decisions/027-consistency-across-investors.md).
 */
const RECENT_SENT_SEARCHED = 2_000;
/** How many replies answering the same question a draft is compared with, most similar first. */
const COMPARED_REPLIES = 3;
/** The earlier sentence quoted in a flag's rationale, in characters. */
const QUOTE_MAX = 300;

type Ranked = EarlierAnswerCandidate & Similarity;
/** The message a reply answers, as the caller already read it (a write reads it once, under its lock). */
type QuestionOf = Pick<ReplyMessageRow, 'id' | 'projectId' | 'subject' | 'bodyText'>;

/** The message's earlier answers above `floor`, most similar first; none for a message without a fund. */
async function rankedAnswersOf(
  db: DbOrTx,
  orgId: string,
  message: QuestionOf,
  draft: string | null,
  options: { floor: number; limit: number },
): Promise<Ranked[]> {
  if (!message.projectId) return [];
  const question = { subject: message.subject, body: message.bodyText };
  const candidates = await listEarlierAnswerCandidates(db, {
    orgId,
    projectId: message.projectId,
    messageId: message.id,
    words: searchWordsOf(question),
    subject: message.subject,
    recentSent: RECENT_SENT_SEARCHED,
    limit: CANDIDATE_LIMIT,
  });
  const ranked = rankEarlierAnswers(
    {
      question,
      draft,
      candidates: candidates.map((c) => ({ ...c, question: { subject: c.subject, body: c.bodyText } })),
    },
    options.limit,
    options.floor,
  );
  return ranked.map(({ question: _question, ...answer }) => answer);
}

/**
 * GET /api/messages/:id/earlier-answers: the replies sent to other investors of the same fund whose
 * question (and reply, against the latest version of this draft) is most similar; 404 for another
 * organisation's message.
 */
export async function getEarlierAnswers(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: { messageId: string },
): Promise<EarlierAnswersResponse> {
  const message = await findReplyMessage(ctx.db, actor.orgId, input.messageId);
  if (!message) throw new AppError('NOT_FOUND');
  const latest = await findDraftVersion(ctx.db, { orgId: actor.orgId, messageId: message.id });
  const ranked = await rankedAnswersOf(ctx.db, actor.orgId, message, latest?.aiDraft ?? null, {
    floor: EARLIER_ANSWER_FLOOR,
    limit: EARLIER_ANSWER_LIMIT,
  });
  return {
    items: ranked.map((answer) => ({
      message_id: answer.messageId,
      version: answer.versionNumber,
      investor_name: answer.investorName,
      subject: answer.subject,
      question_excerpt: previewOf(answer.bodyText),
      reply_text: answer.reply,
      sent_at: answer.sentAt.toISOString(),
      approved_by_name: answer.approvedByName,
      similarity: Math.round(answer.similarity * 100) / 100,
      is_same_question: answer.similarity >= SAME_QUESTION_FLOOR,
    })),
  };
}

function quoted(sentence: string): string {
  return sentence.length <= QUOTE_MAX ? sentence : `${sentence.slice(0, QUOTE_MAX - 1).trimEnd()}…`;
}

/**
 * The 'inconsistent' flags of a reply's text: its figures, dates and commitments that differ from
 * what the most similar replies sent on the same question said about the same thing (medium; the
 * earlier sentence is quoted, and a figure's suggestion is the earlier figure). Runs in the caller's
 * transaction, on the message it locked, so every check of a version — and the re-check of Approve &
 * Send — reads the fund's replies as they are then.
 */
export async function consistencyFlagsOf(
  db: DbOrTx,
  input: { orgId: string; message: QuestionOf; text: string },
): Promise<Flag[]> {
  const { message } = input;
  const same = await rankedAnswersOf(db, input.orgId, message, input.text, {
    floor: SAME_QUESTION_FLOOR,
    limit: COMPARED_REPLIES,
  });
  if (same.length === 0) return [];
  const byId = new Map(same.map((answer) => [answer.messageId, answer]));
  const findings = findInconsistencies({
    text: input.text,
    question: `${message.subject}\n${message.bodyText}`,
    earlier: same.map((answer) => ({
      id: answer.messageId,
      text: answer.reply,
      question: `${answer.subject}\n${answer.bodyText}`,
    })),
  });
  return findings.flatMap((finding): Flag[] => {
    const answer = byId.get(finding.earlier.id);
    if (!answer) return [];
    const label = inconsistencyLabel(answer.investorName, answer.sentAt);
    return [
      {
        term: finding.term,
        severity: 'medium',
        // A figure can take the earlier figure in its place; a commitment is for a person to reword.
        suggestion: finding.kind === 'figure' ? finding.earlier.term : '',
        start: finding.start,
        end: finding.end,
        rule: INCONSISTENT_RULE,
        explanation: label,
        rationale: `${label}, which said: “${quoted(finding.earlier.sentence)}”`,
      },
    ];
  });
}
