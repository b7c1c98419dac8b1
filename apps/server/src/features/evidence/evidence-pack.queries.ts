import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  aiResponses,
  approvalRequests,
  auditChainHeads,
  auditLogs,
  emailEvents,
  emailOutbox,
  flagDismissals,
  investorMessages,
  organizations,
  profiles,
  projects,
  users,
} from '../../db/schema';

// The records of an evidence pack (docs/decisions/031-evidence-packs.md), read in one organisation.

export async function findOrganizationName(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.name ?? null;
}

export async function findThreadMessage(db: DbOrTx, orgId: string, messageId: string) {
  const [row] = await db
    .select({
      id: investorMessages.id,
      projectId: investorMessages.projectId,
      projectName: projects.name,
      investorName: investorMessages.investorName,
      investorEmail: investorMessages.investorEmail,
      subject: investorMessages.subject,
      bodyText: investorMessages.bodyText,
      status: investorMessages.status,
      createdAt: investorMessages.createdAt,
      createdBy: investorMessages.createdBy,
    })
    .from(investorMessages)
    .leftJoin(projects, eq(projects.id, investorMessages.projectId))
    .where(and(eq(investorMessages.orgId, orgId), eq(investorMessages.id, messageId)));
  return row ?? null;
}

export type ThreadMessage = NonNullable<Awaited<ReturnType<typeof findThreadMessage>>>;

export async function listThreadVersions(db: DbOrTx, orgId: string, messageId: string) {
  return db
    .select({
      id: aiResponses.id,
      versionNumber: aiResponses.versionNumber,
      source: aiResponses.source,
      text: aiResponses.aiDraft,
      citations: aiResponses.citations,
      provenance: aiResponses.provenance,
      createdBy: aiResponses.createdBy,
      createdAt: aiResponses.createdAt,
      complianceFlags: aiResponses.complianceFlags,
      requiresApproval: aiResponses.requiresApproval,
      complianceCheckedAt: aiResponses.complianceCheckedAt,
      finalResponse: aiResponses.finalResponse,
      approvedBy: aiResponses.approvedBy,
      approvedAt: aiResponses.approvedAt,
      approvedTextSha256: aiResponses.approvedTextSha256,
      complianceTag: aiResponses.complianceTag,
      overrideReason: aiResponses.overrideReason,
      overrideFlags: aiResponses.overrideFlags,
      sentEmailId: aiResponses.sentEmailId,
    })
    .from(aiResponses)
    .where(and(eq(aiResponses.orgId, orgId), eq(aiResponses.messageId, messageId)))
    .orderBy(asc(aiResponses.versionNumber));
}

export async function listThreadDismissals(db: DbOrTx, orgId: string, messageId: string) {
  return db
    .select({
      id: flagDismissals.id,
      versionNumber: flagDismissals.versionNumber,
      rule: flagDismissals.rule,
      term: flagDismissals.term,
      severity: flagDismissals.severity,
      sentence: flagDismissals.sentence,
      reason: flagDismissals.reason,
      dismissedBy: flagDismissals.dismissedBy,
      dismissedAt: flagDismissals.dismissedAt,
      restoredBy: flagDismissals.restoredBy,
      restoredAt: flagDismissals.restoredAt,
    })
    .from(flagDismissals)
    .where(and(eq(flagDismissals.orgId, orgId), eq(flagDismissals.messageId, messageId)))
    .orderBy(asc(flagDismissals.dismissedAt));
}

export async function listThreadApprovalRequests(db: DbOrTx, orgId: string, messageId: string) {
  return db
    .select({
      id: approvalRequests.id,
      versionNumber: approvalRequests.versionNumber,
      textSha256: approvalRequests.textSha256,
      status: approvalRequests.status,
      submittedBy: approvalRequests.submittedBy,
      submittedAt: approvalRequests.submittedAt,
      decidedBy: approvalRequests.decidedBy,
      decidedAt: approvalRequests.decidedAt,
      comment: approvalRequests.comment,
    })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.orgId, orgId), eq(approvalRequests.messageId, messageId)))
    .orderBy(asc(approvalRequests.submittedAt));
}

export async function findSentMail(db: DbOrTx, orgId: string, outboxId: string) {
  const [row] = await db
    .select({
      id: emailOutbox.id,
      toEmail: emailOutbox.toEmail,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      messageId: emailOutbox.messageId,
      rawMessage: emailOutbox.rawMessage,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orgId, orgId), eq(emailOutbox.id, outboxId)));
  return row ?? null;
}

export async function listDeliveryEvents(db: DbOrTx, orgId: string, outboxId: string) {
  return db
    .select({
      actionType: emailEvents.actionType,
      success: emailEvents.success,
      createdAt: emailEvents.createdAt,
      details: emailEvents.details,
    })
    .from(emailEvents)
    .where(and(eq(emailEvents.orgId, orgId), eq(emailEvents.outboxId, outboxId)))
    .orderBy(asc(emailEvents.createdAt));
}

/** Names of the people a pack mentions, by user id. */
export async function findPeople(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, name: profiles.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, ids));
}

/** An audit entry with every field its export line and hash need. */
const AUDIT_ROW = {
  id: auditLogs.id,
  chain: auditLogs.chain,
  seq: auditLogs.seq,
  createdAt: auditLogs.createdAt,
  actorId: auditLogs.actorId,
  actionType: auditLogs.actionType,
  entityType: auditLogs.entityType,
  entityId: auditLogs.entityId,
  details: auditLogs.details,
  prevHash: auditLogs.prevHash,
  hash: auditLogs.hash,
};

/**
 * The thread's audit entries, oldest first: those about the message or one of its records, and those
 * naming the message in their details (both indexed per chain; an organisation's chain is its id).
 */
export async function listThreadAuditEntries(
  db: DbOrTx,
  orgId: string,
  messageId: string,
  recordIds: string[],
) {
  return db
    .select(AUDIT_ROW)
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.chain, orgId),
        or(
          inArray(auditLogs.entityId, [messageId, ...recordIds]),
          sql`${auditLogs.details}->>'message_id' = ${messageId}`,
        ),
      ),
    )
    .orderBy(asc(auditLogs.seq));
}

export type PackAuditRow = Awaited<ReturnType<typeof listThreadAuditEntries>>[number];

export async function findAuditEntry(db: DbOrTx, orgId: string, id: string): Promise<PackAuditRow | null> {
  const [row] = await db
    .select(AUDIT_ROW)
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.id, id)));
  return row ?? null;
}

export async function findChainHead(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ seq: auditChainHeads.seq, hash: auditChainHeads.hash })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.chain, orgId));
  return row ?? null;
}

/**
 * The threads a pack for an investor, a fund or a period holds, newest first, at most `limit`
 * (one more than asked tells the caller the scope is too wide).
 */
export async function listScopeMessageIds(
  db: DbOrTx,
  orgId: string,
  scope: { investorEmail?: string; projectId?: string; from?: Date; before?: Date },
  limit: number,
) {
  const rows = await db
    .select({ id: investorMessages.id })
    .from(investorMessages)
    .where(
      and(
        eq(investorMessages.orgId, orgId),
        scope.investorEmail
          ? sql`lower(${investorMessages.investorEmail}) = ${scope.investorEmail}`
          : undefined,
        scope.projectId ? eq(investorMessages.projectId, scope.projectId) : undefined,
        scope.from ? gte(investorMessages.createdAt, scope.from) : undefined,
        scope.before ? lt(investorMessages.createdAt, scope.before) : undefined,
      ),
    )
    .orderBy(desc(investorMessages.createdAt), desc(investorMessages.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
