import { EyeOff } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useSetDocumentDisclosure } from '../api/document-actions';
import { useSetPassageDisclosure } from '../api/passage-actions';

/** What is being marked: a whole document, or one of its passages. */
export type DisclosureTarget =
  | { kind: 'document'; documentId: string; fileName: string }
  | { kind: 'passage'; documentId: string; passageId: string; fileName: string; page: number | null };

/** A passage as the dialog and its toast name it: its document and page. */
export function passageLabel(fileName: string, page: number | null): string {
  return page === null ? fileName : `${fileName}, page ${page}`;
}

/**
 * 'Mark non-public': the document or passage holds information not yet given to every investor, until
 * an optional date (docs/decisions/053-non-public-documents.md). Drafts citing it are flagged
 * 'Selective disclosure'.
 */
export function DisclosureDialog({
  projectId,
  target,
  onClose,
}: {
  projectId: string;
  target: DisclosureTarget | null;
  onClose: () => void;
}) {
  const id = useId();
  const [publicFrom, setPublicFrom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saveDocument = useSetDocumentDisclosure();
  const savePassage = useSetPassageDisclosure();
  const isPending = saveDocument.isPending || savePassage.isPending;
  const name =
    target?.kind === 'passage'
      ? `this passage of ${passageLabel(target.fileName, target.page)}`
      : target?.fileName;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!target || isPending) return;
    const body = {
      projectId,
      documentId: target.documentId,
      non_public: true,
      public_from: publicFrom ? new Date(`${publicFrom}T00:00:00`).toISOString() : null,
    };
    const callbacks = {
      onSuccess: () => {
        toast.success(
          target.kind === 'passage'
            ? `Passage of ${passageLabel(target.fileName, target.page)} marked non-public`
            : `${target.fileName} marked non-public`,
        );
        setPublicFrom('');
        setError(null);
        onClose();
      },
      onError: (failure: unknown) =>
        setError(
          (isApiError(failure) && failure.fields?.public_from) ||
            getErrorMessage(
              failure,
              `Failed to mark the ${target.kind === 'passage' ? 'passage' : 'document'} non-public`,
            ),
        ),
    };
    if (target.kind === 'passage') savePassage.mutate({ ...body, passageId: target.passageId }, callbacks);
    else saveDocument.mutate(body, callbacks);
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <FormDialogHeader
            icon={EyeOff}
            title="Mark non-public"
            description={`While ${name ?? 'the document'} is non-public, every draft citing it is flagged 'Selective disclosure' and needs a director's approval.`}
          />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-public-from`}>Public from (optional)</Label>
            <Input
              id={`${id}-public-from`}
              type="date"
              value={publicFrom}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setPublicFrom(event.target.value)}
            />
            <p id={`${id}-hint`} className="text-muted-foreground text-sm">
              From this day on it counts as public. Leave it empty to keep it non-public until you mark it
              public.
            </p>
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
                {error}
              </p>
            ) : null}
          </div>
          <FormDialogFooter confirmLabel="Mark non-public" isPending={isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
