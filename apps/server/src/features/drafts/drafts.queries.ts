import { and, desc, eq, max } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { aiResponses, investorMessages, profiles, userSettings } from '../../db/schema';

export type DraftMessageRow = {
  id: string;
  projectId: string | null;
  investorName: string;
  subject: string;
  bodyText: string;
};

/** The message of the caller's organisation a draft answers, or null (another organisation's is 404). */
export async function findDraftMessage(
  db: DbOrTx,
  orgId: string,
  id: string,
): Promise<DraftMessageRow | null> {
  const [row] = await db
    .select({
      id: investorMessages.id,
      projectId: investorMessages.projectId,
      investorName: investorMessages.investorName,
      subject: investorMessages.subject,
      bodyText: investorMessages.bodyText,
    })
    .from(investorMessages)
    .where(and(eq(investorMessages.orgId, orgId), eq(investorMessages.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the message row for the rest of the transaction so versions of one message are numbered
 * one at a time (the unique index on message_id, version_number is the backstop).
 */
export async function lockDraftMessage(tx: Tx, orgId: string, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: investorMessages.id })
    .from(investorMessages)
    .where(and(eq(investorMessages.orgId, orgId), eq(investorMessages.id, id)))
    .for('update');
  return rows.length > 0;
}

export async function latestVersionNumber(db: DbOrTx, messageId: string): Promise<number> {
  const [row] = await db
    .select({ latest: max(aiResponses.versionNumber) })
    .from(aiResponses)
    .where(eq(aiResponses.messageId, messageId));
  return row?.latest ?? 0;
}

/**
 * What drafts sign with: the user's saved e-mail signature, else their profile name (a reply never
 * ends with a bare 'Kind regards,'); empty only for a user with neither.
 */
export async function findSignature(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ signature: userSettings.emailSignature, name: profiles.name })
    .from(profiles)
    .leftJoin(userSettings, eq(userSettings.userId, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.signature?.trim() || row?.name.trim() || '';
}

export async function findUserName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return row?.name ?? null;
}

export async function insertDraftVersion(tx: Tx, values: typeof aiResponses.$inferInsert): Promise<string> {
  const [row] = await tx.insert(aiResponses).values(values).returning({ id: aiResponses.id });
  if (!row) throw new Error('ai_responses insert returned nothing');
  return row.id;
}

const versionColumns = {
  id: aiResponses.id,
  messageId: aiResponses.messageId,
  versionNumber: aiResponses.versionNumber,
  source: aiResponses.source,
  aiDraft: aiResponses.aiDraft,
  citations: aiResponses.citations,
  provenance: aiResponses.provenance,
  createdBy: aiResponses.createdBy,
  createdByName: profiles.name,
  createdAt: aiResponses.createdAt,
  complianceFlags: aiResponses.complianceFlags,
  requiresApproval: aiResponses.requiresApproval,
  complianceCheckedAt: aiResponses.complianceCheckedAt,
};

export type DraftVersionRow = {
  id: string;
  messageId: string;
  versionNumber: number;
  source: 'generated' | 'edited';
  aiDraft: string;
  citations: { id: string; doc_path: string; relevance: number }[];
  provenance: Record<string, unknown>;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  /** The version's last compliance check (issue 6), null until checked. */
  complianceFlags: Record<string, unknown>[] | null;
  requiresApproval: boolean | null;
  complianceCheckedAt: Date | null;
};

/** SPEC §7: ai_responses by message_id, version_number descending; one version, or the latest. */
export async function findDraftVersion(
  db: DbOrTx,
  input: { orgId: string; messageId: string; version?: number },
): Promise<DraftVersionRow | null> {
  const [row] = await db
    .select(versionColumns)
    .from(aiResponses)
    .leftJoin(profiles, eq(profiles.id, aiResponses.createdBy))
    .where(
      and(
        eq(aiResponses.orgId, input.orgId),
        eq(aiResponses.messageId, input.messageId),
        input.version === undefined ? undefined : eq(aiResponses.versionNumber, input.version),
      ),
    )
    .orderBy(desc(aiResponses.versionNumber))
    .limit(1);
  return row ?? null;
}

/** The version viewer's list, newest first (a message has a handful of versions; capped anyway). */
export async function listDraftVersions(db: DbOrTx, input: { orgId: string; messageId: string }) {
  return db
    .select({
      versionNumber: aiResponses.versionNumber,
      source: aiResponses.source,
      createdByName: profiles.name,
      createdAt: aiResponses.createdAt,
    })
    .from(aiResponses)
    .leftJoin(profiles, eq(profiles.id, aiResponses.createdBy))
    .where(and(eq(aiResponses.orgId, input.orgId), eq(aiResponses.messageId, input.messageId)))
    .orderBy(desc(aiResponses.versionNumber))
    .limit(100);
}
