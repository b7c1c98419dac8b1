import { DOCUMENT_ACCEPT } from '@parley/contracts';
import { Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useUploadDocument } from '../api/upload-document';
import { DOCUMENT_MAX_MB, uploadProblem } from '../upload-checks';

/** Button and drop area; files upload one after another with a progress bar. */
export function DocumentUpload({ projectId }: { projectId: string }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadDocument();

  async function send(files: File[]) {
    setError(null);
    for (const file of files) {
      const problem = uploadProblem(file);
      if (problem) {
        setError(problem);
        continue;
      }
      setProgress({ name: file.name, fraction: 0 });
      try {
        const document = await upload.mutateAsync({
          projectId,
          file,
          onProgress: (fraction) => setProgress({ name: file.name, fraction }),
        });
        if (document.status === 'failed') {
          toast.error(`${file.name} was uploaded but could not be indexed`, {
            description: document.error ?? undefined,
          });
        } else {
          toast.success(`${file.name} uploaded and indexed`);
        }
      } catch (failure) {
        setError(`${file.name}: ${getErrorMessage(failure, 'The upload failed. Please try again.')}`);
      }
    }
    setProgress(null);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setIsDragging(false);
    if (progress) return;
    void send([...event.dataTransfer.files]);
  }

  const busy = progress !== null;
  const percent = progress ? Math.round(progress.fraction * 100) : 0;
  return (
    <section
      aria-labelledby={`${id}-title`}
      onDragOver={(event) => {
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
        isDragging ? 'border-primary bg-primary/5' : 'border-border',
      )}
    >
      <Upload className="size-6 text-muted-foreground" aria-hidden="true" />
      <div className="space-y-1">
        <h2 id={`${id}-title`} className="font-medium text-sm">
          Upload documents
        </h2>
        <p className="text-muted-foreground text-xs">
          Drag files here or choose them. PDF, DOCX, Markdown or plain text, up to {DOCUMENT_MAX_MB} MB each.
        </p>
      </div>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        aria-labelledby={`${id}-title`}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void send(files);
        }}
      />
      <Button type="button" variant="outline" disabled={busy} onClick={() => inputRef.current?.click()}>
        Choose files
      </Button>
      {progress ? (
        <div className="w-full max-w-sm space-y-1" aria-live="polite">
          <div
            role="progressbar"
            aria-label={`Uploading ${progress.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-muted-foreground text-xs">
            {percent < 100 ? `Uploading ${progress.name}… ${percent}%` : `Indexing ${progress.name}…`}
          </p>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </section>
  );
}
