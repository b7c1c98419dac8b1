import type { AuditActionType } from '@parley/contracts';
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
import { auditEntryColumns } from '../../lib/audit-entry-columns';

// The records of an evidence pack (docs/decisions/031-evidence-packs.md), read in one organisation.

/** The audit action of an erasure request (features/retention). */
export const ERASURE_ACTION: AuditActionType = 'investor_data_erased';

export async function findOrganizationName(db: DbOrTx, orgId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row?.name ?? null;
}

export async function findThreadMessage(db: DbOrTx, orgId: string, messageId: string) {
  const [row] = await listThreadMessages(db, orgId, [messageId]);
  return row ?? null;
}

// A pack's threads are read a table at a time for all of them (a selection holds up to 200), so a pack
// costs the same handful of queries whatever its size; collectThreads groups the rows by thread.

export async function listThreadMessages(db: DbOrTx, orgId: string, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
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
    .where(and(eq(investorMessages.orgId, orgId), inArray(investorMessages.id, messageIds)));
}

export type ThreadMessage = Awaited<ReturnType<typeof listThreadMessages>>[number];

export async function listThreadVersions(db: DbOrTx, orgId: string, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: aiResponses.id,
      messageId: aiResponses.messageId,
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
    .where(and(eq(aiResponses.orgId, orgId), inArray(aiResponses.messageId, messageIds)))
    .orderBy(asc(aiResponses.versionNumber));
}

export async function listThreadDismissals(db: DbOrTx, orgId: string, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: flagDismissals.id,
      messageId: flagDismissals.messageId,
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
    .where(and(eq(flagDismissals.orgId, orgId), inArray(flagDismissals.messageId, messageIds)))
    .orderBy(asc(flagDismissals.dismissedAt), asc(flagDismissals.id));
}

export async function listThreadApprovalRequests(db: DbOrTx, orgId: string, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: approvalRequests.id,
      messageId: approvalRequests.messageId,
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
    .where(and(eq(approvalRequests.orgId, orgId), inArray(approvalRequests.messageId, messageIds)))
    .orderBy(asc(approvalRequests.submittedAt), asc(approvalRequests.id));
}

/** The replies as queued and sent, by outbox id (one per sent version). */
export async function listSentMails(db: DbOrTx, orgId: string, outboxIds: string[]) {
  if (outboxIds.length === 0) return [];
  return db
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
    .where(and(eq(emailOutbox.orgId, orgId), inArray(emailOutbox.id, outboxIds)));
}

export async function listDeliveryEvents(db: DbOrTx, orgId: string, outboxIds: string[]) {
  if (outboxIds.length === 0) return [];
  return db
    .select({
      outboxId: emailEvents.outboxId,
      actionType: emailEvents.actionType,
      success: emailEvents.success,
      createdAt: emailEvents.createdAt,
      details: emailEvents.details,
    })
    .from(emailEvents)
    .where(and(eq(emailEvents.orgId, orgId), inArray(emailEvents.outboxId, outboxIds)))
    .orderBy(asc(emailEvents.createdAt), asc(emailEvents.id));
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

/**
 * The threads' audit entries, oldest first: those about a message or one of its records (`entityIds`
 * holds both), those naming a message in their details, and the erasures that pseudonymised one of
 * the messages, whose details list them (docs/decisions/030-data-retention.md). Each arm has its index
 * in the organisation's chain (its id): entity, details' message_id, action. The ids go as one array
 * parameter each: a selection's records can outnumber the bind-parameter limit.
 */
export async function listThreadAuditEntries(
  db: DbOrTx,
  orgId: string,
  input: { messageIds: string[]; entityIds: string[] },
) {
  if (input.entityIds.length === 0) return [];
  const messageIds = sql.param(input.messageIds);
  return db
    .select(auditEntryColumns)
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.chain, orgId),
        or(
          sql`${auditLogs.entityId} = any(${sql.param(input.entityIds)}::text[])`,
          sql`${auditLogs.details}->>'message_id' = any(${messageIds}::text[])`,
          and(
            eq(auditLogs.actionType, ERASURE_ACTION),
            sql`${auditLogs.details}->'message_ids' ?| ${messageIds}::text[]`,
          ),
        ),
      ),
    )
    .orderBy(asc(auditLogs.seq));
}

export type PackAuditRow = Awaited<ReturnType<typeof listThreadAuditEntries>>[number];

export async function findAuditEntry(db: DbOrTx, orgId: string, id: string): Promise<PackAuditRow | null> {
  const [row] = await db
    .select(auditEntryColumns)
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
