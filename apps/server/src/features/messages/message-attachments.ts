import { rm } from 'node:fs/promises';
import { type Attachment, DOCUMENT_ATTACHMENT_TYPES } from '@parley/contracts';
import type { Logger } from '../../lib/logger';
import { privateFilePath } from '../../lib/private-files';

/**
 * Investors' e-mail attachments as the thread and the attachment routes show them, and their files in
 * DATA_DIR/attachments (docs/decisions/058-inbound-email.md). Here, below the features that read and
 * erase them, so the thread, the attachment routes and erasure share one rule.
 */

/** Whether an attachment may become a fund document: a PDF or DOCX by its content, not added yet. */
export function isAddableAttachment(row: { contentType: string; documentId: string | null }): boolean {
  return (
    row.documentId === null && (DOCUMENT_ATTACHMENT_TYPES as readonly string[]).includes(row.contentType)
  );
}

export function toAttachment(row: {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  documentId: string | null;
}): Attachment {
  return {
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    document_id: row.documentId,
    addable: isAddableAttachment(row),
  };
}

/**
 * Removes attachment files whose rows are gone, after the deleting transaction committed (a rolled-back
 * erasure must not lose a file). A file that cannot be removed is logged by its key, never its name,
 * and left for the operator; one already gone is not a failure.
 */
export async function removeAttachmentFiles(
  ctx: { attachmentsRoot: string; logger: Pick<Logger, 'error'> },
  storageKeys: readonly string[],
): Promise<void> {
  for (const key of storageKeys) {
    try {
      await rm(privateFilePath(ctx.attachmentsRoot, key), { force: true });
    } catch (error) {
      ctx.logger.error('attachment file not removed', {
        storageKey: key,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
