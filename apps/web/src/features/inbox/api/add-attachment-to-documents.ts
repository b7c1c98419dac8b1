import { type ProjectDocument, projectDocumentSchema } from '@parley/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageKeys } from '@/api/messages/message-keys';
import { projectKeys } from '@/api/projects/project-keys';
import { api, getErrorMessage, isApiError } from '@/lib/api-client';

/**
 * GET /api/messages/:id/attachments/:attachmentId: the file, always served as an attachment (never shown
 * inline), so a plain link with `download` fetches it (docs/decisions/058-inbound-email.md).
 */
export function attachmentDownloadUrl(messageId: string, attachmentId: string): string {
  return `/api/messages/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(attachmentId)}`;
}

/**
 * POST /api/messages/:id/attachments/:attachmentId/document: a PDF or DOCX attachment becomes a document
 * of the message's fund, through the ordinary upload path (its checks and extraction included).
 */
export function addAttachmentToDocuments(messageId: string, attachmentId: string): Promise<ProjectDocument> {
  return api.post(
    `${attachmentDownloadUrl(messageId, attachmentId)}/document`,
    {},
    { parser: projectDocumentSchema },
  );
}

const NO_FUND_TEXT =
  'Choose the fund of this message first: the attachment is added to that fund’s documents.';

/** 409 and 422 in words, for a server that answers them with a code the catalogue does not know yet. */
const FAILURE_BY_STATUS: Record<number, string> = {
  409: 'This attachment is already in the fund’s documents.',
  422: NO_FUND_TEXT,
};

/** The text to show when adding an attachment failed. */
export function addAttachmentFailureText(error: unknown): string {
  // The catalogue's FUND_NOT_AVAILABLE speaks of choosing a fund in general; here it means this message has none.
  if (isApiError(error) && error.code === 'FUND_NOT_AVAILABLE') return NO_FUND_TEXT;
  const fallback =
    (isApiError(error) ? FAILURE_BY_STATUS[error.status] : undefined) ??
    'The attachment could not be added to the fund’s documents.';
  return getErrorMessage(error, fallback);
}

export function useAddAttachmentToDocuments(messageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) => addAttachmentToDocuments(messageId, attachmentId),
    // The thread (the attachment now names its document; a 409 means it already did) and the funds'
    // document lists and counts.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.threads }),
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
      ]),
  });
}
