import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { investorMessages, messageAttachments, projects } from '../../db/schema';

export type StoredAttachment = {
  id: string;
  messageId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  documentId: string | null;
  /** The message's fund: where the attachment goes as a document unless another is named. */
  projectId: string | null;
};

/** An attachment of the message, both of the organisation; null for anything else. */
export async function findAttachment(
  db: DbOrTx,
  input: { orgId: string; messageId: string; attachmentId: string },
): Promise<StoredAttachment | null> {
  const [row] = await db
    .select({
      id: messageAttachments.id,
      messageId: messageAttachments.messageId,
      fileName: messageAttachments.fileName,
      contentType: messageAttachments.contentType,
      sizeBytes: messageAttachments.sizeBytes,
      storageKey: messageAttachments.storageKey,
      documentId: messageAttachments.documentId,
      projectId: investorMessages.projectId,
    })
    .from(messageAttachments)
    .innerJoin(investorMessages, eq(investorMessages.id, messageAttachments.messageId))
    .where(
      and(
        eq(messageAttachments.id, input.attachmentId),
        eq(messageAttachments.messageId, input.messageId),
        eq(messageAttachments.orgId, input.orgId),
        eq(investorMessages.orgId, input.orgId),
      ),
    );
  return row ?? null;
}

/** Records the document an attachment became; false when it already names one (someone was first). */
export async function linkAttachmentToDocument(
  tx: Tx,
  input: { orgId: string; attachmentId: string; documentId: string },
): Promise<boolean> {
  const rows = await tx
    .update(messageAttachments)
    .set({ documentId: input.documentId })
    .where(
      and(
        eq(messageAttachments.id, input.attachmentId),
        eq(messageAttachments.orgId, input.orgId),
        isNull(messageAttachments.documentId),
      ),
    )
    .returning({ id: messageAttachments.id });
  return rows.length > 0;
}

/** Whether the fund is one of the organisation's. */
export async function isProjectOfOrg(db: DbOrTx, input: { orgId: string; projectId: string }) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.orgId, input.orgId), eq(projects.id, input.projectId)));
  return row !== undefined;
}
