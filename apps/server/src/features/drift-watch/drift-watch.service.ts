/**
 * The drift watch (docs/decisions/028-answer-library.md): when a fund document's passages are replaced
 * (re-indexed) or removed (deleted, or re-indexed without a readable file), every unsent draft and every
 * library answer that cited a passage whose text changed or went gets a 'Needs review' item with the old
 * text and the document's most alike new passage, in the same transaction. Directors and admins mark
 * items reviewed (audited).
 */
import type { ListReviewItemsResponse, ReviewItem } from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { Tx } from '../../db/client';
import type { reviewItems } from '../../db/schema';
import { appendAudit } from '../../lib/audit';
import { encodeTimeCursor, parseTimeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import {
  countPendingReviewItems,
  findCitingDrafts,
  findCitingLibraryAnswers,
  findReviewItem,
  insertReviewItems,
  listPendingReviewItems,
  markReviewItemReviewed,
  type ReviewItemRow,
  replaceLibraryCitation,
} from './drift-watch.queries';
import { successorOf } from './passage-drift';

/** A passage of the document as the caller read it (before) or wrote it (after). */
export type PassageSnapshot = { id: string; text: string; docPath: string };

/**
 * In the caller's transaction, after the document's passages were replaced: the passages of `before`
 * that are no longer there (a re-index keeps the id of a passage whose text is unchanged), the drafts
 * and library answers citing them, and one item for each — unless the document still holds the very
 * same text. Returns how many items were written (for the caller's audit entry).
 */
export async function recordPassageDrift(
  tx: Tx,
  input: {
    orgId: string;
    projectId: string;
    documentId: string;
    fileName: string;
    before: readonly PassageSnapshot[];
    after: readonly PassageSnapshot[];
  },
): Promise<number> {
  const kept = new Set(input.after.map((p) => p.id));
  const gone = new Map(input.before.filter((p) => !kept.has(p.id)).map((p) => [p.id, p]));
  if (gone.size === 0) return 0;
  const scope = { orgId: input.orgId, projectId: input.projectId, passageIds: [...gone.keys()] };
  const [drafts, answers] = await Promise.all([
    findCitingDrafts(tx, scope),
    findCitingLibraryAnswers(tx, scope),
  ]);
  const sameText = new Set(input.after.map((p) => p.text));
  const rows: (typeof reviewItems.$inferInsert)[] = [];
  const itemOf = (passageId: string) => {
    const old = gone.get(passageId);
    if (!old || sameText.has(old.text)) return null;
    const successor = successorOf(old.text, input.after);
    return {
      orgId: input.orgId,
      documentId: input.documentId,
      fileName: input.fileName,
      oldPassageId: old.id,
      oldDocPath: old.docPath,
      oldText: old.text,
      newPassageId: successor?.passage.id ?? null,
      newDocPath: successor?.passage.docPath ?? null,
      newText: successor?.passage.text ?? null,
      similarity: successor ? Math.round(successor.similarity * 1000) / 1000 : null,
    };
  };
  for (const draft of drafts) {
    const item = itemOf(draft.passageId);
    if (item) {
      rows.push({
        ...item,
        kind: 'draft',
        messageId: draft.messageId,
        responseId: draft.responseId,
        versionNumber: draft.versionNumber,
      });
    }
  }
  for (const answer of answers) {
    const item = itemOf(answer.passageId);
    if (item) rows.push({ ...item, kind: 'library_answer', libraryAnswerId: answer.libraryAnswerId });
  }
  await insertReviewItems(tx, rows);
  return rows.length;
}

function reviewItemDto(row: ReviewItemRow): ReviewItem {
  return {
    id: row.id,
    kind: row.kind,
    document_id: row.documentId,
    file_name: row.fileName,
    message_id: row.messageId,
    version: row.versionNumber,
    investor_name: row.investorName,
    subject: row.subject,
    library_answer_id: row.libraryAnswerId,
    library_answer_title: row.libraryAnswerTitle,
    old: { passage_id: row.oldPassageId, doc_path: row.oldDocPath, text: row.oldText },
    new:
      row.newPassageId && row.newText !== null
        ? { passage_id: row.newPassageId, doc_path: row.newDocPath ?? row.fileName, text: row.newText }
        : null,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    reviewed_by_name: row.reviewedByName,
  };
}

/** GET /api/compliance/review-items: the items waiting for review, oldest first. */
export async function listReviewItems(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: { limit: number; cursor?: string | undefined },
): Promise<ListReviewItemsResponse> {
  const after = input.cursor ? parseTimeCursor(input.cursor) : undefined;
  const [rows, total] = await Promise.all([
    listPendingReviewItems(ctx.db, {
      orgId: actor.orgId,
      limit: input.limit,
      ...(after ? { after: { createdAt: after.at, id: after.id } } : {}),
    }),
    countPendingReviewItems(ctx.db, actor.orgId),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(reviewItemDto),
    next_cursor:
      rows.length > input.limit && last ? encodeTimeCursor({ at: last.createdAt, id: last.id }) : null,
    total,
  };
}

/**
 * 'Mark reviewed': the item leaves the queue, audited (`review_item_reviewed`) in the same transaction.
 * For a library answer the reviewer has checked it against the new text, so its source becomes the new
 * passage (or is dropped when the text is gone); a draft's versions never change — its writer edits or
 * generates it again. 409 when the item was already reviewed; 404 for another organisation's.
 */
export async function markReviewed(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { id: string },
): Promise<ReviewItem> {
  await ctx.db.transaction(async (tx) => {
    const item = await findReviewItem(tx, { orgId: actor.orgId, id: input.id, lock: true });
    if (!item) throw new AppError('NOT_FOUND');
    if (item.reviewedAt) throw new AppError('CONFLICT', { message: 'This item was already reviewed.' });
    const now = ctx.clock.now();
    await markReviewItemReviewed(tx, { id: item.id, by: actor.userId, at: now });
    const citationUpdated =
      item.kind === 'library_answer' && item.libraryAnswerId
        ? await replaceLibraryCitation(tx, {
            libraryAnswerId: item.libraryAnswerId,
            oldPassageId: item.oldPassageId,
            replacement:
              item.newPassageId && item.newText !== null && item.documentId
                ? {
                    id: item.newPassageId,
                    doc_path: item.newDocPath ?? item.fileName,
                    text: item.newText,
                    document_id: item.documentId,
                  }
                : null,
          })
        : false;
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'review_item_reviewed',
      entityType: 'review_item',
      entityId: item.id,
      details: {
        kind: item.kind,
        message_id: item.messageId,
        version: item.versionNumber,
        library_answer_id: item.libraryAnswerId,
        old_passage_id: item.oldPassageId,
        new_passage_id: item.newPassageId,
        citation_updated: citationUpdated,
      },
    });
  });
  const row = await findReviewItem(ctx.db, { orgId: actor.orgId, id: input.id });
  if (!row) throw new AppError('NOT_FOUND');
  return reviewItemDto(row);
}
