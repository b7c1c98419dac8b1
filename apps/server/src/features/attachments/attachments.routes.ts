import {
  addAttachmentToDocumentsInputSchema,
  attachmentParamSchema,
  projectDocumentSchema,
} from '@parley/contracts';
import { type ApiRouter, apiRoute, type RouteDeps } from '../../http/router';
import { attachmentDisposition, downloadContentType } from './attachment-headers';
import { addAttachmentToDocuments, downloadAttachment } from './attachments.service';

const download = apiRoute({
  method: 'get',
  path: '/api/messages/{id}/attachments/{attachmentId}',
  summary:
    'An attachment of an investor’s e-mail, always as a download and never as HTML (audited attachment_downloaded)',
  params: attachmentParamSchema,
  ok: { status: 200, description: 'The file, as an attachment' },
  errors: [400, 401, 403, 404],
});

const addToDocuments = apiRoute({
  method: 'post',
  path: '/api/messages/{id}/attachments/{attachmentId}/document',
  summary:
    'Add a PDF or DOCX attachment to the fund’s documents (the message’s fund unless another is named), through the ordinary upload',
  params: attachmentParamSchema,
  body: addAttachmentToDocumentsInputSchema,
  ok: { status: 201, schema: projectDocumentSchema, description: 'The document, indexed or failed' },
  errors: [400, 401, 403, 404, 409, 413, 415, 422, 503],
});

/** Investors' e-mail attachments (docs/decisions/058-inbound-email.md). */
export function registerAttachmentRoutes(api: ApiRouter, deps: RouteDeps) {
  api.openapi(download, async (c) => {
    const { id, attachmentId } = c.req.valid('param');
    const file = await downloadAttachment(deps, c.get('actor'), { messageId: id, attachmentId });
    c.header('Content-Type', downloadContentType(file.contentType));
    c.header('Content-Disposition', attachmentDisposition(file.fileName));
    c.header('Content-Length', String(file.bytes.byteLength));
    // The file is the investor's: no sniffing it into something else, nothing in it may run or load
    // anything even if opened from here, and no cache keeps it.
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    c.header('Cache-Control', 'private, no-store');
    return c.body(new Uint8Array(file.bytes), 200);
  });

  api.openapi(addToDocuments, async (c) => {
    const { id, attachmentId } = c.req.valid('param');
    const { project_id } = c.req.valid('json');
    const document = await addAttachmentToDocuments(deps, c.get('actor'), {
      messageId: id,
      attachmentId,
      projectId: project_id,
    });
    return c.json(document, 201);
  });
}
