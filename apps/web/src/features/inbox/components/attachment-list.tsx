import type { Attachment } from '@parley/contracts';
import { Check, Download, FilePlus2, Paperclip } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { PendingButton } from '@/components/pending-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format';
import {
  addAttachmentFailureText,
  attachmentDownloadUrl,
  useAddAttachmentToDocuments,
} from '../api/add-attachment-to-documents';
import { attachmentTypeName } from '../attachment-type';

/**
 * A message's attachments (docs/decisions/058-inbound-email.md): name, type, size, a download (served as
 * an attachment, never opened inline), and for a PDF or DOCX 'Add to fund documents'. Nothing without any.
 */
export function AttachmentList({
  messageId,
  attachments,
  canAdd,
  hasFund,
}: {
  messageId: string;
  attachments: readonly Attachment[];
  /** The caller may add documents (messages.write). */
  canAdd: boolean;
  /** False when the message is known to have no fund yet: adding waits for the fund to be chosen. */
  hasFund?: boolean | undefined;
}) {
  const id = useId();
  if (attachments.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="grid min-w-0 gap-2">
      <p id={`${id}-title`} className="flex items-center gap-1.5 font-medium text-muted-foreground text-xs">
        <Paperclip aria-hidden className="size-3.5" />
        {attachments.length === 1 ? '1 attachment' : `${attachments.length} attachments`}
      </p>
      <ul className="grid min-w-0 gap-2">
        {attachments.map((attachment) => (
          <AttachmentItem
            key={attachment.id}
            messageId={messageId}
            attachment={attachment}
            canAdd={canAdd}
            hasFund={hasFund}
          />
        ))}
      </ul>
    </section>
  );
}

function AttachmentItem({
  messageId,
  attachment,
  canAdd,
  hasFund,
}: {
  messageId: string;
  attachment: Attachment;
  canAdd: boolean;
  hasFund: boolean | undefined;
}) {
  const add = useAddAttachmentToDocuments(messageId);
  // Until the thread refetches, the answer says it was added.
  const isAdded = attachment.document_id !== null || add.isSuccess;
  const needsFund = hasFund === false;

  function onAdd() {
    add.mutate(attachment.id, {
      onSuccess: (document) => toast.success(`“${document.file_name}” was added to the fund’s documents.`),
      onError: (error) =>
        toast.error('The attachment was not added', { description: addAttachmentFailureText(error) }),
    });
  }

  return (
    <li
      data-testid="attachment"
      className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-md border bg-background/60 px-3 py-2 text-sm"
    >
      <div className="grid min-w-0 flex-1 basis-40 gap-0.5">
        <span className="break-all font-medium">{attachment.file_name}</span>
        <span className="text-muted-foreground text-xs">
          {attachmentTypeName(attachment.content_type)} · {formatBytes(attachment.size_bytes)}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={attachmentDownloadUrl(messageId, attachment.id)} download={attachment.file_name}>
            <Download aria-hidden />
            Download
            <span className="sr-only"> {attachment.file_name}</span>
          </a>
        </Button>
        {isAdded ? (
          <Badge variant="success">
            <Check aria-hidden />
            Added to documents
          </Badge>
        ) : !attachment.addable || !canAdd ? null : needsFund ? (
          <span className="text-muted-foreground text-xs">Choose the fund to add it to its documents</span>
        ) : (
          <PendingButton
            type="button"
            variant="outline"
            size="sm"
            isPending={add.isPending}
            icon={<FilePlus2 aria-hidden />}
            onClick={onAdd}
          >
            Add to fund documents
            <span className="sr-only"> ({attachment.file_name})</span>
          </PendingButton>
        )}
      </div>
    </li>
  );
}
