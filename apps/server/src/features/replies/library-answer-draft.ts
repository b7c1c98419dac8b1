import { LIBRARY_LIMITS, type LibraryAnswerDraft } from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { AppError } from '../../lib/errors';
import { citationsOfSentReply } from '../answer-library/answer-library.service';
import { questionParts } from '../drafts/question-parts';
import { letterBodyOf } from './answer-similarity';
import { findDraftVersion, findReplyMessage, findSentReply } from './replies.queries';

/**
 * The thanks a reply opens with after its greeting ('Thank you for your message.', as the drafters'
 * greeting() writes it): a library draft adds its own, so the answer must not carry a second one.
 */
const OPENING_THANKS =
  /^\s*(?:many\s+)?(?:thank\s+you|thanks)(?:\s+(?:very|so)\s+much)?\s+for\s+(?:your|the)\s+(?:message|e-?mail|question|enquiry|inquiry|note|letter)\b[^\n.!?]*[.!]?[ \t]*(?:\n|$)/i;

/**
 * The answer a reply gives: its text without the greeting, the opening thanks and everything from its
 * sign-off on (signature, disclaimer), which a draft written from the library adds again
 * (docs/decisions/028-answer-library.md, the drafting hook).
 */
export function answerOfReply(text: string): string {
  return letterBodyOf(text).replace(OPENING_THANKS, '').trim();
}

/**
 * GET /api/compliance/library/from-message/:id ('Save to library'): a new library answer's fields as the
 * message's sent reply gives them. 404 for another organisation's message, or one whose reply was not
 * approved and sent.
 */
export async function draftLibraryAnswerFromReply(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: { messageId: string },
): Promise<LibraryAnswerDraft> {
  const message = await findReplyMessage(ctx.db, actor.orgId, input.messageId);
  if (!message) throw new AppError('NOT_FOUND');
  const sent = await findSentReply(ctx.db, actor.orgId, message.id);
  const version = sent
    ? await findDraftVersion(ctx.db, {
        orgId: actor.orgId,
        messageId: message.id,
        version: sent.versionNumber,
      })
    : null;
  if (!version) {
    throw new AppError('NOT_FOUND', { message: 'This message has no reply that was approved and sent.' });
  }
  const citations = await citationsOfSentReply(ctx.db, {
    orgId: actor.orgId,
    projectId: message.projectId,
    messageId: message.id,
  });
  return {
    title: message.subject.trim().slice(0, LIBRARY_LIMITS.title),
    // The questions the message asks (the drafter's own split), else its subject.
    question: questionParts(message.subject, message.bodyText).join(' ').slice(0, LIBRARY_LIMITS.question),
    answer: answerOfReply(version.aiDraft).slice(0, LIBRARY_LIMITS.answer),
    project_id: message.projectId,
    citations: citations.map(({ id, doc_path, text }) => ({ id, doc_path, text })),
    citations_gone: version.citations.length - citations.length,
    source_message_id: message.id,
  };
}
