import {
  APPROVAL_LEVELS,
  APPROVAL_RESPONSE_WINDOW_DAYS,
  APPROVAL_TEXTS,
  type ApprovalItem,
  type ApprovalLevel,
  type ApprovalState,
  type ApprovalStats,
  type ApproveInput,
  type ApproveResponse,
  approvalLevelOf,
  approvalRefusalText,
  type CommunicationClass,
  type CommunicationClassView,
  type ComplianceFlag,
  classRefusalOf,
  complianceTagOf,
  ERRORS,
  flagRationale,
  hasCapability,
  type ListApprovalsResponse,
  type ListOverridesResponse,
  type RequestChangesInput,
  requiresDirectorApproval,
  type SubmitForApprovalInput,
  unresolvedFlags,
} from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { Config } from '../../config';
import type { ServiceContext } from '../../context';
import type { Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { sha256Hex } from '../../lib/crypto';
import {
  encodeRankedTimeCursor,
  encodeTimeCursor,
  parseRankedTimeCursor,
  parseTimeCursor,
} from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import { recordFlagOccurrences, settleFlagOccurrences } from '../analytics/flag-occurrences';
import { recordReplyOutcome } from '../analytics/reply-outcomes';
import {
  isFourEyesOn,
  loadCompliancePolicy,
  type OrgCompliancePolicy,
} from '../compliance/compliance.service';
import { storedOpinionOf } from '../compliance/second-opinion';
import { deliverAll, deliverOutboxMail, type EmailDeps, queueEmail } from '../email/email.service';
import { notifyMembers } from '../notifications/notifications.service';
import { listOrgRecipients, type NotificationRecipient } from '../notifications/recipients';
import { threadUrl } from '../notifications/thread-url';
import { drawForReview } from '../supervisory-review/supervisory-review.service';
import { approvalDecidedEmail, approvalRequestedEmail, investorReplyEmail } from './approval-email';
import {
  classifyDraft,
  classifyReply,
  comparableText,
  comparedTextColumns,
  replyBoilerplate,
} from './communication-class';
import { withDismissals } from './flag-dismissals';
import { bySeverityThenPosition, excerptsOf, previewOf, storedFlagsOf } from './flag-excerpts';
import {
  averageResponseSeconds,
  countFlaggedMessages,
  countPending,
  type DraftVersionRow,
  decideRequest,
  findDraftVersion,
  findLastDecision,
  findPendingRequest,
  findPendingWithNames,
  findReplyMessage,
  findSentReply,
  insertApprovalRequest,
  isReplyAuthor,
  listAuthoredReplies,
  listOverrides,
  listPendingRequests,
  lockReplyMessage,
  type ReplyMessageRow,
  recordApproval,
} from './replies.queries';
import { replyThreadingHeaders } from './reply-headers';
import { flagRankOf, setMessageStatus, settleMessageStatus, storeVersionCheck } from './reply-state';
import { checkVersionText } from './version-check';

/** Approvals write, audit and e-mail: the e-mail module's needs (db, clock, mailer, origin, keys). */
type ApprovalContext = EmailDeps;
type Approver = Pick<Actor, 'userId' | 'orgId' | 'role'>;
type MessageInput = { messageId: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The version the caller looked at must still be the latest, with the very text they saw (its
 * SHA-256): an edit after they looked is refused with 409, never approved unseen.
 */
async function lockLatest(
  tx: Tx,
  actor: Pick<Actor, 'orgId'>,
  input: MessageInput & { version: number; text_sha256: string },
): Promise<{ message: ReplyMessageRow; latest: DraftVersionRow }> {
  const { messageId } = input;
  const message = await lockReplyMessage(tx, actor.orgId, messageId);
  if (!message) throw new AppError('NOT_FOUND');
  const latest = await findDraftVersion(tx, { orgId: actor.orgId, messageId });
  // docs/product.md §5: approval does nothing without a saved draft.
  if (!latest) throw new AppError('NO_DRAFT');
  if (latest.versionNumber !== input.version || sha256Hex(latest.aiDraft) !== input.text_sha256) {
    throw new AppError('DRAFT_CHANGED');
  }
  return { message, latest };
}

async function nameOf(recipients: readonly NotificationRecipient[], userId: string) {
  return recipients.find((r) => r.userId === userId)?.name ?? 'A colleague';
}

/**
 * POST /api/messages/:id/submit: the latest version goes to the directors. The
 * request is bound to the text's SHA-256; the message waits in awaiting_approval; admins and
 * directors are notified in-app and, where their settings allow, by e-mail (after commit).
 */
export async function submitForApproval(
  ctx: ApprovalContext,
  actor: Approver,
  input: MessageInput & SubmitForApprovalInput,
): Promise<ApprovalState> {
  const { messageId } = input;
  const { outboxIds, state } = await ctx.db.transaction(async (tx) => {
    const { message, latest } = await lockLatest(tx, actor, input);
    if (message.status === 'awaiting_approval') throw new AppError('APPROVAL_PENDING');
    if (message.status === 'resolved') throw new AppError('ALREADY_RESOLVED');
    const now = ctx.clock.now();
    // The queue shows the version's flags: check it now if nobody has yet.
    let needsDirector = latest.requiresApproval === true;
    let flags: readonly ComplianceFlag[] = storedFlagsOf(latest.complianceFlags);
    if (!latest.complianceCheckedAt) {
      const result = await checkVersionText(tx, actor.orgId, {
        message,
        text: latest.aiDraft,
        citations: latest.citations,
      });
      await storeVersionCheck(tx, {
        orgId: actor.orgId,
        messageId,
        status: message.status,
        draftId: latest.id,
        result,
        now,
      });
      needsDirector = result.requires_approval;
      flags = result.flags;
    }
    const flagRank = flagRankOf(await withDismissals(tx, actor.orgId, messageId, latest.aiDraft, flags));
    const textSha256 = sha256Hex(latest.aiDraft);
    const policy = await loadCompliancePolicy(tx, actor.orgId);
    const classView = await classifyDraft(tx, policy.settings, {
      orgId: actor.orgId,
      investorEmail: message.investorEmail,
      draft: latest.aiDraft,
    });
    const requestId = await insertApprovalRequest(tx, {
      orgId: actor.orgId,
      messageId,
      responseId: latest.id,
      versionNumber: latest.versionNumber,
      textSha256,
      status: 'pending',
      submittedBy: actor.userId,
      submittedAt: now,
      flagRank,
      communicationClass: classView.class,
    });
    await setMessageStatus(tx, { orgId: actor.orgId, messageId, status: 'awaiting_approval', now });
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'approval_submitted',
      entityType: 'ai_response',
      entityId: latest.id,
      details: {
        message_id: messageId,
        project_id: message.projectId,
        version: latest.versionNumber,
        text_sha256: textSha256,
        request_id: requestId,
      },
    });
    const members = await listOrgRecipients(tx, actor.orgId);
    const submitterName = await nameOf(members, actor.userId);
    const approvers = members.filter(
      (m) => (m.role === 'admin' || m.role === 'ir_director') && m.userId !== actor.userId,
    );
    const outboxIds = await notifyMembers(tx, ctx, {
      orgId: actor.orgId,
      recipients: approvers,
      kind: 'approval_requested',
      messageId,
      isFlagged: needsDirector,
      title: `Approval requested: ${message.subject}`,
      body: `${submitterName} submitted a reply to ${message.investorName} for approval.`,
      email: approvalRequestedEmail({
        submitterName,
        investorName: message.investorName,
        subject: message.subject,
        url: threadUrl(ctx.appOrigin, messageId),
      }),
      now,
    });
    // Read inside the transaction: the answer stands or falls with the write. The submitter is an
    // author of the reply now (isReplyAuthor counts submissions).
    const known = { policy, isAuthor: true, classView };
    return { outboxIds, state: await getApprovalState({ db: tx }, actor, { messageId }, known) };
  });
  await deliverAll(ctx, outboxIds);
  return state;
}

/**
 * POST /api/messages/:id/request-changes (approvals.review): the pending submission goes back with
 * the director's comment; the message is open again (or flagged); the submitter is told.
 */
export async function requestChanges(
  ctx: ApprovalContext,
  actor: Approver,
  input: MessageInput & RequestChangesInput,
): Promise<ApprovalState> {
  const { messageId } = input;
  const { outboxIds, state } = await ctx.db.transaction(async (tx) => {
    const message = await lockReplyMessage(tx, actor.orgId, messageId);
    if (!message) throw new AppError('NOT_FOUND');
    const pending = await findPendingRequest(tx, messageId);
    if (!pending) throw new AppError('NOT_AWAITING_APPROVAL');
    const now = ctx.clock.now();
    await decideRequest(tx, pending.id, {
      status: 'changes_requested',
      decidedBy: actor.userId,
      decidedAt: now,
      comment: input.comment,
    });
    await settleMessageStatus(tx, {
      orgId: actor.orgId,
      messageId,
      status: message.status,
      now,
      reopen: true,
    });
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'approval_changes_requested',
      entityType: 'ai_response',
      entityId: pending.responseId,
      details: {
        message_id: messageId,
        project_id: message.projectId,
        version: pending.versionNumber,
        request_id: pending.id,
        comment: input.comment,
      },
    });
    const outboxIds = await notifySubmitter(tx, ctx, actor, {
      submittedBy: pending.submittedBy,
      message,
      decision: 'changes_requested',
      comment: input.comment,
      now,
    });
    // Read inside the transaction: the answer stands or falls with the write.
    return { outboxIds, state: await getApprovalState({ db: tx }, actor, { messageId }) };
  });
  await deliverAll(ctx, outboxIds);
  return state;
}

async function notifySubmitter(
  tx: Tx,
  ctx: ApprovalContext,
  actor: Pick<Actor, 'userId' | 'orgId'>,
  input: {
    submittedBy: string | null;
    message: ReplyMessageRow;
    decision: 'approved' | 'changes_requested';
    comment: string | null;
    now: Date;
  },
): Promise<string[]> {
  if (!input.submittedBy || input.submittedBy === actor.userId) return [];
  const members = await listOrgRecipients(tx, actor.orgId);
  const submitter = members.filter((m) => m.userId === input.submittedBy);
  if (submitter.length === 0) return [];
  const deciderName = await nameOf(members, actor.userId);
  const { message } = input;
  const approved = input.decision === 'approved';
  return notifyMembers(tx, ctx, {
    orgId: actor.orgId,
    recipients: submitter,
    kind: approved ? 'approval_approved' : 'approval_changes_requested',
    messageId: message.id,
    title: `${approved ? 'Approved and sent' : 'Changes requested'}: ${message.subject}`,
    body: approved
      ? `${deciderName} approved your reply to ${message.investorName}.`
      : `${deciderName}: ${input.comment ?? ''}`,
    email: approvalDecidedEmail({
      decision: input.decision,
      deciderName,
      investorName: message.investorName,
      subject: message.subject,
      comment: input.comment,
      url: threadUrl(ctx.appOrigin, message.id),
    }),
    now: input.now,
  });
}

/**
 * Who may approve at the highest unresolved severity, and what an approval over high flags needs:
 * the matrix refuses with 403 naming the rule that applies; an unresolved high flag needs a written
 * reason (422 naming `override_reason`). Returns the high flags the approval goes over.
 */
function decideApproval<F extends { severity: string; dismissal?: unknown }>(
  policy: Pick<OrgCompliancePolicy, 'matrix' | 'classRules'>,
  communicationClass: CommunicationClass,
  role: Approver['role'],
  flags: readonly F[],
  overrideReason: string | undefined,
): F[] {
  const unresolved = unresolvedFlags(flags);
  const level = approvalLevelOf(unresolved);
  if (!policy.matrix[level].includes(role)) {
    throw new AppError('APPROVAL_NEEDS_DIRECTOR', { message: approvalRefusalText(level) });
  }
  const refusal = classRefusalOf(policy.classRules, communicationClass, role, unresolved);
  if (refusal) throw new AppError(refusal.code, { message: refusal.message });
  const overridden = unresolved.filter((flag) => flag.severity === 'high');
  if (overridden.length > 0 && !overrideReason) {
    throw new AppError('OVERRIDE_REASON_REQUIRED', {
      fields: { override_reason: ERRORS.OVERRIDE_REASON_REQUIRED.message },
    });
  }
  return overridden;
}

/**
 * POST /api/messages/:id/approve — Mark Final / Approve & Send (docs/product.md §5, §6).
 * The server decides from the stored text: it re-runs the organisation's check on the latest
 * version (the client's requires_approval is never read), refuses a role the approval matrix
 * does not allow with 403 and an approval over an unresolved high flag without a reason with 422.
 * In ONE transaction with its audit entry: the version's approval fields (the reason and the flags
 * it overrides included), the pending request approved, the message resolved and the reply queued
 * to the investor; the reply is handed to SMTP after commit.
 */
export async function approveAndSend(
  ctx: ApprovalContext & { config: Pick<Config, 'inbound'> },
  actor: Approver,
  input: MessageInput & ApproveInput,
): Promise<ApproveResponse> {
  const { messageId } = input;
  const { replyId, notifyIds, state } = await ctx.db.transaction(async (tx) => {
    const { message, latest } = await lockLatest(tx, actor, input);
    if (message.status === 'resolved') throw new AppError('ALREADY_RESOLVED');
    const policy = await loadCompliancePolicy(tx, actor.orgId);
    // Decision 022: the flags the model added to this text's stored check still count; decision 026:
    // the claim check runs again on the passages as they are now.
    const result = await checkVersionText(
      tx,
      actor.orgId,
      { message, text: latest.aiDraft, citations: latest.citations },
      { policy, opinion: storedOpinionOf(latest.aiDraft, latest.complianceFlags) },
    );
    // Flags marked 'not a problem here' on this sentence do not count (docs/product.md §2 Message detail).
    const flags = await withDismissals(tx, actor.orgId, messageId, latest.aiDraft, result.flags);
    const isAuthor = await isReplyAuthor(tx, messageId, actor.userId);
    if (policy.fourEyes && isAuthor) throw new AppError('FOUR_EYES');
    const classText = comparableText(latest.aiDraft, replyBoilerplate(policy.settings));
    const classView = await classifyReply(tx, {
      orgId: actor.orgId,
      investorEmail: message.investorEmail,
      text: classText,
    });
    const overridden = decideApproval(policy, classView.class, actor.role, flags, input.override_reason);
    const override =
      overridden.length > 0 && input.override_reason
        ? {
            reason: input.override_reason,
            flags: overridden.map((flag) => ({
              term: flag.term,
              rule: flag.rule,
              rationale: flagRationale(flag),
              start: flag.start,
              end: flag.end,
            })),
          }
        : null;

    const now = ctx.clock.now();
    const textSha256 = sha256Hex(latest.aiDraft);
    const reply = await queueEmail(tx, ctx, {
      orgId: actor.orgId,
      to: message.investorEmail,
      template: 'investor_reply',
      category: 'transactional',
      content: investorReplyEmail({ subject: message.subject, text: latest.aiDraft }),
      // The investor's answer comes back to Parley, into this thread (docs/decisions/058-inbound-email.md).
      headers: await replyThreadingHeaders(tx, ctx.config.inbound, { orgId: actor.orgId, messageId }),
    });
    const complianceTag = complianceTagOf(result.flags);
    await recordApproval(tx, latest.id, {
      finalResponse: latest.aiDraft,
      approvedBy: actor.userId,
      approvedAt: now,
      approvedTextSha256: textSha256,
      complianceTag,
      approvalRating: input.rating ?? null,
      sentEmailId: reply.outboxId,
      complianceFlags: result.flags.map((flag) => ({ ...flag })),
      requiresApproval: result.requires_approval,
      complianceCheckedAt: now,
      overrideReason: override?.reason ?? null,
      overrideFlags: override?.flags ?? null,
      communicationClass: classView.class,
      classRecipients: classView.recipients,
      ...comparedTextColumns(classText),
    });
    // Finalised by its own author: maybe drawn for review (docs/decisions/055-supervisory-review.md).
    await drawForReview(tx, ctx.clock, {
      orgId: actor.orgId,
      messageId,
      responseId: latest.id,
      approverId: actor.userId,
      selfApproved: isAuthor,
      flagged: result.flags.length > 0,
      samplePercent: policy.reviewSamplePercent,
    });
    await recordFlagOccurrences(tx, {
      orgId: actor.orgId,
      messageId,
      draftId: latest.id,
      flags: result.flags,
      now,
    });
    await settleFlagOccurrences(tx, { messageId, flags, now });
    const pending = await findPendingRequest(tx, messageId);
    if (pending) {
      await decideRequest(tx, pending.id, {
        status: 'approved',
        decidedBy: actor.userId,
        decidedAt: now,
        rating: input.rating ?? null,
      });
    }
    await recordReplyOutcome(tx, latest.id);
    await setMessageStatus(tx, { orgId: actor.orgId, messageId, status: 'resolved', now });
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'response_approved',
      entityType: 'ai_response',
      entityId: latest.id,
      details: {
        message_id: messageId,
        project_id: message.projectId,
        version: latest.versionNumber,
        text_sha256: textSha256,
        compliance_tag: complianceTag,
        level: result.level,
        requires_approval: result.requires_approval,
        rating: input.rating ?? null,
        request_id: pending?.id ?? null,
        email_id: reply.outboxId,
        override_reason: override?.reason ?? null,
        overridden_flags: override?.flags ?? [],
        communication_class: classView.class,
        class_recipients: classView.recipients,
        investor_type: classView.investor_type,
      },
    });
    const notifyIds = await notifySubmitter(tx, ctx, actor, {
      submittedBy: pending?.submittedBy ?? null,
      message,
      decision: 'approved',
      comment: null,
      now,
    });
    // Read inside the transaction: the answer stands or falls with the write.
    const state = await getApprovalState({ db: tx }, actor, { messageId }, { policy, isAuthor, classView });
    return { replyId: reply.outboxId, notifyIds, state };
  });
  const outcome = await deliverOutboxMail(ctx, replyId);
  await deliverAll(ctx, notifyIds);
  const sent = state.sent && {
    ...state.sent,
    delivery: outcome.status,
    delivered_at: outcome.sentAt?.toISOString() ?? null,
  };
  return { approval: { ...state, sent }, delivery: outcome.status };
}

type CheckView = { level: ApprovalLevel; requiresApproval: boolean; flags: readonly { severity: string }[] };

/** What decides who may finalise: the flags nobody dismissed, and the class rule's approval path. */
function viewOf(
  policy: Pick<OrgCompliancePolicy, 'matrix' | 'classRules'>,
  communicationClass: CommunicationClass,
  flags: readonly { severity: string; dismissal?: unknown }[],
): CheckView {
  const unresolved = unresolvedFlags(flags);
  return {
    level: approvalLevelOf(unresolved),
    requiresApproval:
      requiresDirectorApproval(policy.matrix, unresolved) ||
      policy.classRules[communicationClass].approval === 'director',
    flags: unresolved,
  };
}

/**
 * GET /api/messages/:id/approval: the pending submission, the last decision, the sent reply, and
 * whether the caller may finalise the latest version (from its stored check, else a fresh one).
 */
export async function getApprovalState(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId' | 'role' | 'userId'>,
  input: MessageInput,
  /** What the caller's transaction already worked out for this latest version, not looked up twice. */
  known?: { policy: OrgCompliancePolicy; isAuthor: boolean; classView: CommunicationClassView },
): Promise<ApprovalState> {
  const { db } = ctx;
  const { messageId } = input;
  const message = await findReplyMessage(db, actor.orgId, messageId);
  if (!message) throw new AppError('NOT_FOUND');
  // One after another: inside a transaction they share one connection.
  const latest = await findDraftVersion(db, { orgId: actor.orgId, messageId });
  const pending = await findPendingWithNames(db, messageId);
  const decision = await findLastDecision(db, messageId);
  const sent = await findSentReply(db, actor.orgId, messageId);
  const policy = known?.policy ?? (await loadCompliancePolicy(db, actor.orgId));
  let check: CheckView = { level: 'none', requiresApproval: false, flags: [] };
  const classView =
    latest && latest.aiDraft.trim() !== ''
      ? (known?.classView ??
        (await classifyDraft(db, policy.settings, {
          orgId: actor.orgId,
          investorEmail: message.investorEmail,
          draft: latest.aiDraft,
        })))
      : null;
  if (latest) {
    const flags: readonly ComplianceFlag[] = latest.complianceCheckedAt
      ? storedFlagsOf(latest.complianceFlags)
      : (
          await checkVersionText(
            db,
            actor.orgId,
            { message, text: latest.aiDraft, citations: latest.citations },
            { policy },
          )
        ).flags;
    check = viewOf(
      policy,
      classView?.class ?? 'correspondence',
      await withDismissals(db, actor.orgId, messageId, latest.aiDraft, flags),
    );
  }
  const { status } = message;
  const fourEyesRefusesCaller =
    policy.fourEyes && (known?.isAuthor ?? (await isReplyAuthor(db, messageId, actor.userId)));
  const classRefusal =
    classView && status !== 'resolved' && hasCapability(actor.role, 'messages.write')
      ? classRefusalOf(policy.classRules, classView.class, actor.role, check.flags)
      : null;
  const canFinalise =
    latest !== null &&
    classView !== null &&
    status !== 'resolved' &&
    hasCapability(actor.role, 'messages.write') &&
    policy.matrix[check.level].includes(actor.role) &&
    classRefusal === null &&
    !fourEyesRefusesCaller;
  return {
    message_id: messageId,
    status,
    latest_version: latest?.versionNumber ?? null,
    pending: pending
      ? {
          request_id: pending.id,
          version: pending.versionNumber,
          submitted_by: pending.submittedBy,
          submitted_by_name: pending.submittedByName,
          submitted_at: pending.submittedAt.toISOString(),
        }
      : null,
    last_decision: decision
      ? {
          status: decision.status as 'approved' | 'changes_requested' | 'voided',
          version: decision.versionNumber,
          comment: decision.comment,
          decided_by_name: decision.decidedByName,
          decided_at: decision.decidedAt?.toISOString() ?? null,
        }
      : null,
    sent: sent?.approvedAt
      ? {
          version: sent.versionNumber,
          to: sent.to,
          approved_by_name: sent.approvedByName,
          approved_at: sent.approvedAt.toISOString(),
          rating: sent.rating,
          delivery: sent.delivery,
          delivered_at: sent.deliveredAt?.toISOString() ?? null,
          communication_class: sent.communicationClass,
        }
      : null,
    communication_class: classView,
    class_refusal: classRefusal?.message ?? null,
    level: check.level,
    requires_approval: check.requiresApproval,
    can_finalise: canFinalise,
    four_eyes_refuses_caller: fourEyesRefusesCaller,
  };
}

/**
 * docs/product.md §2 approval item flags: count, highest severity and terms of the unresolved flags;
 * 'None' when there are none.
 */
export function summariseFlags(stored: unknown): ApprovalItem['flags'] & { risk_flags: string } {
  const flags = bySeverityThenPosition(unresolvedFlags(storedFlagsOf(stored)));
  const highest = flags[0]?.severity ?? null;
  const terms = [...new Set(flags.map((f) => f.term.toLowerCase()))];
  if (flags.length === 0) return { count: 0, highest: null, terms: [], risk_flags: APPROVAL_TEXTS.noFlags };
  const noun = flags.length === 1 ? 'flag' : 'flags';
  return {
    count: flags.length,
    highest,
    terms,
    risk_flags: `${flags.length} ${highest} ${noun}: ${terms.join(', ')}`,
  };
}

/**
 * GET /api/approvals: the pending submissions, flagged first (highest unresolved severity first),
 * then oldest first (Sort by Age) or newest first; each with its flagged passages.
 */
export async function listApprovalQueue(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId' | 'userId'>,
  input: { sort: 'age' | 'newest'; limit: number; cursor?: string | undefined },
): Promise<ListApprovalsResponse> {
  const after = input.cursor ? parseRankedTimeCursor(input.cursor, APPROVAL_LEVELS.length - 1) : undefined;
  const rows = await listPendingRequests(ctx.db, {
    orgId: actor.orgId,
    sort: input.sort,
    limit: input.limit + 1,
    ...(after ? { after } : {}),
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  // A page holds at most APPROVAL_QUEUE_PAGE_SIZE_MAX rows: one dismissal lookup each.
  const pageFlags = await Promise.all(
    page.map((row) =>
      withDismissals(ctx.db, actor.orgId, row.messageId, row.text, storedFlagsOf(row.complianceFlags)),
    ),
  );
  const authored = (await isFourEyesOn(ctx.db, actor.orgId))
    ? await listAuthoredReplies(
        ctx.db,
        page.map((row) => row.messageId),
        actor.userId,
      )
    : new Set<string>();
  return {
    items: page.map((row, i) => {
      const stored = pageFlags[i] ?? [];
      const { risk_flags, ...flags } = summariseFlags(stored);
      return {
        request_id: row.requestId,
        message_id: row.messageId,
        investor_name: row.investorName,
        subject: row.subject,
        submitted_by_name: row.submittedByName,
        submitted_at: row.submittedAt.toISOString(),
        project_name: row.projectName,
        sentiment_score: row.sentimentScore,
        version: row.versionNumber,
        text_sha256: row.textSha256,
        flags,
        risk_flags,
        excerpts: excerptsOf(row.text, unresolvedFlags(stored)),
        preview: previewOf(row.text),
        four_eyes_refuses_caller: authored.has(row.messageId),
        communication_class: row.communicationClass,
      };
    }),
    next_cursor:
      rows.length > input.limit && last
        ? encodeRankedTimeCursor({ rank: last.flagRank, at: last.submittedAt, id: last.requestId })
        : null,
  };
}

/**
 * GET /api/approvals/overrides: approvals given over unresolved high-severity flags, newest first,
 * with who, when, the flags and the reason (for Analytics).
 */
export async function listApprovalOverrides(
  ctx: Pick<ServiceContext, 'db'>,
  actor: Pick<Actor, 'orgId'>,
  input: { limit: number; cursor?: string | undefined },
): Promise<ListOverridesResponse> {
  const after = input.cursor ? parseTimeCursor(input.cursor) : undefined;
  const rows = await listOverrides(ctx.db, {
    orgId: actor.orgId,
    limit: input.limit + 1,
    ...(after ? { after } : {}),
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      message_id: row.messageId,
      investor_name: row.investorName,
      subject: row.subject,
      version: row.versionNumber,
      approved_by: row.approvedBy,
      approved_by_name: row.approvedByName,
      approved_at: row.approvedAt.toISOString(),
      flags: (Array.isArray(row.overrideFlags) ? row.overrideFlags : []).map((flag) => ({
        term: String(flag?.term ?? ''),
        rule: String(flag?.rule ?? ''),
        rationale: String(flag?.rationale ?? ''),
      })),
      reason: row.overrideReason,
    })),
    next_cursor:
      rows.length > input.limit && last
        ? encodeTimeCursor({ at: last.approvedAt, id: last.responseId })
        : null,
  };
}

/** GET /api/approvals/stats: pending, average response time (30 days), flagged today (UTC). */
export async function getApprovalStats(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  actor: Pick<Actor, 'orgId'>,
): Promise<ApprovalStats> {
  const { orgId } = actor;
  const now = ctx.clock.now();
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const [pending, seconds, flaggedToday] = await Promise.all([
    countPending(ctx.db, orgId),
    averageResponseSeconds(ctx.db, orgId, new Date(now.getTime() - APPROVAL_RESPONSE_WINDOW_DAYS * DAY_MS)),
    countFlaggedMessages(ctx.db, orgId, startOfDay, new Date(startOfDay.getTime() + DAY_MS)),
  ]);
  return {
    pending,
    average_response_hours: seconds === null ? null : Math.round((seconds / 3600) * 10) / 10,
    flagged_today: flaggedToday,
  };
}
