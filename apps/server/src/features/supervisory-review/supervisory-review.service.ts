/**
 * Supervisory review (docs/decisions/055-supervisory-review.md): a reply finalised by one of its own
 * authors went out without anybody else reading it, so it is drawn for a director's review after
 * sending — every flagged one, and the organisation's sample rate of the rest. Directors and admins
 * sign each off, audited.
 */
import { randomInt } from 'node:crypto';
import {
  COMPLIANCE_SEVERITIES,
  type ComplianceSeverity,
  complianceFlagSchema,
  type ListSupervisoryReviewsResponse,
  SUPERVISORY_REVIEW_TEXTS,
  type SupervisoryReview,
  type SupervisoryReviewReason,
  type SupervisoryReviewStatus,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import type { Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { encodeTimeCursor, parseTimeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { notifyOrg } from '../../lib/realtime';
import {
  countPendingSupervisoryReviews,
  findSupervisoryReview,
  insertSupervisoryReview,
  listSupervisoryReviews,
  markSignedOff,
  type SupervisoryReviewRow,
} from './supervisory-review.queries';

/** A whole number drawn uniformly from 0 to 99; injected so tests can fix it. */
export type PercentDraw = () => number;

/** crypto's uniform draw: a sample nobody can predict, so nobody can time a reply to escape it. */
export const cryptoPercentDraw: PercentDraw = () => randomInt(100);

/**
 * Whether a sent reply is drawn, and why: only when its approver is one of its authors
 * (`selfApproved`: they wrote a version or submitted it, so nobody else read it first); then always
 * when it was flagged, else with probability `samplePercent` / 100.
 */
export function reviewReasonOf(
  input: { selfApproved: boolean; flagged: boolean; samplePercent: number },
  draw: PercentDraw = cryptoPercentDraw,
): SupervisoryReviewReason | null {
  if (!input.selfApproved) return null;
  if (input.flagged) return 'flagged';
  return draw() < input.samplePercent ? 'sampled' : null;
}

/**
 * In the approval's transaction, right after the approval is recorded: draws the reply (see
 * reviewReasonOf) and, when drawn, writes its review and the audit entry `supervisory_review_drawn`.
 * Parley draws, not the approver, so the entry has no actor; it names the approver in its details.
 */
export async function drawForReview(
  tx: Tx,
  clock: Clock,
  input: {
    orgId: string;
    messageId: string;
    responseId: string;
    approverId: string;
    selfApproved: boolean;
    flagged: boolean;
    samplePercent: number;
  },
  draw: PercentDraw = cryptoPercentDraw,
): Promise<SupervisoryReviewReason | null> {
  const reason = reviewReasonOf(input, draw);
  if (!reason) return null;
  // The clock's time, not the database's: the list's cursor carries milliseconds exactly.
  const id = await insertSupervisoryReview(tx, {
    orgId: input.orgId,
    messageId: input.messageId,
    responseId: input.responseId,
    reason,
    createdAt: clock.now(),
  });
  await appendAudit(tx, clock, {
    orgId: input.orgId,
    actorId: null,
    actionType: 'supervisory_review_drawn',
    entityType: 'supervisory_review',
    entityId: id,
    details: {
      reason,
      message_id: input.messageId,
      response_id: input.responseId,
      approved_by: input.approverId,
      sample_percent: input.samplePercent,
    },
  });
  return reason;
}

/** The stored check's flags (every one, cleared ones included): how many and the highest severity. */
function flagSummaryOf(stored: unknown): SupervisoryReview['flags'] {
  const severities = (Array.isArray(stored) ? stored : []).flatMap((entry) => {
    const parsed = complianceFlagSchema.safeParse(entry);
    return parsed.success ? [parsed.data.severity] : [];
  });
  const highest = COMPLIANCE_SEVERITIES.find((severity: ComplianceSeverity) => severities.includes(severity));
  return { count: severities.length, highest: highest ?? null };
}

function reviewDto(row: SupervisoryReviewRow): SupervisoryReview {
  return {
    id: row.id,
    reason: row.reason,
    status: row.status,
    message_id: row.messageId,
    investor_name: row.investorName,
    investor_email: row.investorEmail,
    subject: row.subject,
    sent_at: (row.approvedAt ?? row.createdAt).toISOString(),
    sent_by_name: row.sentByName,
    version: row.versionNumber,
    flags: flagSummaryOf(row.complianceFlags),
    communication_class: row.communicationClass,
    drawn_at: row.createdAt.toISOString(),
    reviewed_by_name: row.reviewedByName,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    note: row.note,
  };
}

/** GET /api/supervisory-reviews: a page of one status, newest drawn first, and the pending count. */
export async function listReviews(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: { status: SupervisoryReviewStatus; limit: number; cursor?: string | undefined },
): Promise<ListSupervisoryReviewsResponse> {
  const after = input.cursor ? parseTimeCursor(input.cursor) : undefined;
  const [rows, pending] = await Promise.all([
    listSupervisoryReviews(ctx.db, {
      orgId: actor.orgId,
      status: input.status,
      limit: input.limit + 1,
      ...(after ? { after } : {}),
    }),
    countPendingSupervisoryReviews(ctx.db, actor.orgId),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(reviewDto),
    next_cursor:
      rows.length > input.limit && last ? encodeTimeCursor({ at: last.createdAt, id: last.id }) : null,
    pending,
  };
}

/**
 * POST /api/supervisory-reviews/:id/sign-off: the review is signed off with who, when and the note,
 * audited (`supervisory_review_signed_off`) in the same transaction. 404 for another organisation's;
 * 409 when it was already signed off.
 */
export async function signOffReview(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: { id: string; note?: string | undefined },
): Promise<SupervisoryReview> {
  await ctx.db.transaction(async (tx) => {
    const review = await findSupervisoryReview(tx, { orgId: actor.orgId, id: input.id, lock: true });
    if (!review) throw new AppError('NOT_FOUND');
    if (review.status === 'signed_off') {
      throw new AppError('CONFLICT', { message: SUPERVISORY_REVIEW_TEXTS.alreadySignedOff });
    }
    const note = input.note ?? null;
    await markSignedOff(tx, { id: review.id, by: actor.userId, at: ctx.clock.now(), note });
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'supervisory_review_signed_off',
      entityType: 'supervisory_review',
      entityId: review.id,
      details: {
        reason: review.reason,
        message_id: review.messageId,
        response_id: review.responseId,
        note,
      },
    });
    // Other directors' queues refresh: the message lists hold them (apps/web lib/realtime.ts).
    await notifyOrg(tx, { type: 'message.updated', orgId: actor.orgId, messageId: review.messageId });
  });
  const row = await findSupervisoryReview(ctx.db, { orgId: actor.orgId, id: input.id });
  if (!row) throw new AppError('NOT_FOUND');
  return reviewDto(row);
}
