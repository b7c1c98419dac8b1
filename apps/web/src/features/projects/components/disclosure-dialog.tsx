import type { ProjectDocument } from '@parley/contracts';
import { EyeOff } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useSetDocumentDisclosure } from '../api/document-actions';

/**
 * 'Mark non-public': the document holds information not yet given to every investor, until an optional
 * date (docs/decisions/053-non-public-documents.md). Drafts citing it are flagged 'Selective disclosure'.
 */
export function DisclosureDialog({
  projectId,
  document,
  onClose,
}: {
  projectId: string;
  document: ProjectDocument | null;
  onClose: () => void;
}) {
  const id = useId();
  const [publicFrom, setPublicFrom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSetDocumentDisclosure();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!document || save.isPending) return;
    save.mutate(
      {
        projectId,
        documentId: document.id,
        non_public: true,
        public_from: publicFrom ? new Date(`${publicFrom}T00:00:00`).toISOString() : null,
      },
      {
        onSuccess: () => {
          toast.success(`${document.file_name} marked non-public`);
          setPublicFrom('');
          setError(null);
          onClose();
        },
        onError: (failure) =>
          setError(
            (isApiError(failure) && failure.fields?.public_from) ||
              getErrorMessage(failure, 'Failed to mark the document non-public'),
          ),
      },
    );
  }

  return (
    <Dialog open={document !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <FormDialogHeader
            icon={EyeOff}
            title="Mark non-public"
            description={`While ${document?.file_name ?? 'the document'} is non-public, every draft citing it is flagged 'Selective disclosure' and needs a director's approval.`}
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
          <FormDialogFooter confirmLabel="Mark non-public" isPending={save.isPending} onCancel={onClose} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
