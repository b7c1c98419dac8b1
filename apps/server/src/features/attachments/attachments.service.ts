import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectDocument } from '@parley/contracts';
import type { Actor } from '../../auth/actor';
import type { ServiceContext } from '../../context';
import { appendAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { privateFilePath } from '../../lib/private-files';
import { isAddableAttachment } from '../messages/message-attachments';
import { uploadDocument } from '../projects/projects.service';
import {
  findAttachment,
  isProjectOfOrg,
  linkAttachmentToDocument,
  type StoredAttachment,
} from './attachments.queries';

/**
 * Investors' e-mail attachments (docs/decisions/058-inbound-email.md): downloaded, audited, and a PDF or
 * DOCX added to a fund's documents through the ordinary upload path.
 */

type AttachmentActor = Pick<Actor, 'userId' | 'orgId'>;
type AttachmentInput = { messageId: string; attachmentId: string };

async function requireAttachment(
  ctx: Pick<ServiceContext, 'db'>,
  actor: AttachmentActor,
  input: AttachmentInput,
): Promise<StoredAttachment> {
  const row = await findAttachment(ctx.db, { orgId: actor.orgId, ...input });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * The attachment's bytes from DATA_DIR/attachments. A key outside the organisation's folder is never
 * read; a file gone (removed by hand, a restore without attachments) is a 404, logged for the operator.
 */
async function readAttachmentFile(
  ctx: Pick<ServiceContext, 'attachmentsRoot' | 'logger'>,
  actor: AttachmentActor,
  row: StoredAttachment,
): Promise<Buffer> {
  const segments = row.storageKey.split('/');
  if (segments[0] !== actor.orgId || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new AppError('NOT_FOUND');
  }
  try {
    return await readFile(privateFilePath(ctx.attachmentsRoot, row.storageKey));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    ctx.logger.warn('attachment file missing', { attachmentId: row.id, storageKey: row.storageKey });
    throw new AppError('NOT_FOUND');
  }
}

export type AttachmentDownload = { bytes: Buffer; fileName: string; contentType: string };

/**
 * GET /api/messages/:id/attachments/:attachmentId: the file of an attachment of the organisation's
 * message, its download audited attachment_downloaded {message_id, project_id, file_name, size_bytes}
 * before a byte is sent (reading an investor's file is an access examiners ask about).
 */
export async function downloadAttachment(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'attachmentsRoot' | 'logger'>,
  actor: AttachmentActor,
  input: AttachmentInput,
): Promise<AttachmentDownload> {
  const row = await requireAttachment(ctx, actor, input);
  const bytes = await readAttachmentFile(ctx, actor, row);
  await ctx.db.transaction(async (tx) => {
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'attachment_downloaded',
      entityType: 'message_attachment',
      entityId: row.id,
      details: {
        message_id: row.messageId,
        project_id: row.projectId,
        file_name: row.fileName,
        size_bytes: bytes.byteLength,
      },
    });
  });
  return { bytes, fileName: row.fileName, contentType: row.contentType };
}

/** The extension the upload path reads a document's kind by, for each type an attachment may be added as. */
const EXTENSION_OF_TYPE: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
};

/** The attachment's name with the extension of its recognised type (a sender's 'scan' may be a PDF). */
function documentFileName(row: StoredAttachment): string {
  const extension = EXTENSION_OF_TYPE[row.contentType] ?? '';
  return path.extname(row.fileName).toLowerCase() === extension
    ? row.fileName
    : `${row.fileName}${extension}`;
}

/**
 * POST /api/messages/:id/attachments/:attachmentId/document: a PDF or DOCX attachment becomes a document
 * of the fund named, or of the message's fund (none: 422 naming project_id), through uploadDocument —
 * its size, type and ZIP checks, its audit entry and the extraction worker. Then the attachment names
 * the document, audited attachment_added_to_documents. Refused: an attachment of another type (422
 * naming it), one already added (409).
 *
 * The upload commits on its own, before the link: two people adding the same attachment at the same
 * moment may each add a document, and the second is answered 409 with the first linked — a duplicate
 * in the fund's list rather than a lock held across the extraction.
 */
export async function addAttachmentToDocuments(
  ctx: Pick<
    ServiceContext,
    'db' | 'clock' | 'attachmentsRoot' | 'documentsRoot' | 'documentExtractor' | 'logger'
  >,
  actor: AttachmentActor,
  input: AttachmentInput & { projectId: string | undefined },
): Promise<ProjectDocument> {
  const row = await requireAttachment(ctx, actor, input);
  if (row.documentId !== null) throw new AppError('ATTACHMENT_ALREADY_ADDED');
  if (!isAddableAttachment(row)) {
    throw new AppError('ATTACHMENT_NOT_ADDABLE', {
      fields: { attachmentId: 'Only a PDF or Word (.docx) attachment can be added' },
    });
  }
  const projectId = input.projectId ?? row.projectId;
  if (!projectId) {
    throw new AppError('FUND_NOT_AVAILABLE', {
      message: 'This message has no fund yet: choose the fund to add the attachment to.',
      fields: { project_id: 'Choose a fund' },
    });
  }
  if (!(await isProjectOfOrg(ctx.db, { orgId: actor.orgId, projectId }))) {
    throw new AppError('FUND_NOT_AVAILABLE', {
      fields: { project_id: 'Choose one of your organisation’s funds' },
    });
  }
  const bytes = await readAttachmentFile(ctx, actor, row);
  const document = await uploadDocument(ctx, actor, {
    projectId,
    fileName: documentFileName(row),
    bytes: new Uint8Array(bytes),
  });
  await ctx.db.transaction(async (tx) => {
    const linked = await linkAttachmentToDocument(tx, {
      orgId: actor.orgId,
      attachmentId: row.id,
      documentId: document.id,
    });
    if (!linked) throw new AppError('ATTACHMENT_ALREADY_ADDED');
    await appendAudit(tx, ctx.clock, {
      orgId: actor.orgId,
      actorId: actor.userId,
      actionType: 'attachment_added_to_documents',
      entityType: 'message_attachment',
      entityId: row.id,
      details: {
        message_id: row.messageId,
        project_id: projectId,
        document_id: document.id,
        file_name: row.fileName,
      },
    });
  });
  return document;
}
