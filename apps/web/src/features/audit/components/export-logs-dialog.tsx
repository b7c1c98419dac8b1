import type { AuditExportFormat } from '@parley/contracts';
import { Download, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/api-client';
import { formatBytes, formatNumber } from '@/lib/format';
import { auditExportUrl, downloadAuditExport, type ExportProgress, saveBlob } from '../api/export-audit-log';
import type { AuditFilters } from '../audit-filters';

const FORMATS: { value: AuditExportFormat; label: string; description: string }[] = [
  {
    value: 'jsonl',
    label: 'JSON Lines',
    description: 'One entry per line with every field a verifier needs (seq, previous hash, hash, details).',
  },
  {
    value: 'csv',
    label: 'CSV',
    description:
      'The same fields for a spreadsheet. Cells that start like a formula get a leading apostrophe.',
  },
];

/** Entries received so far: line breaks, less the CSV's header line. */
function entriesOf(progress: ExportProgress, format: AuditExportFormat): number {
  return Math.max(0, progress.lines - (format === 'csv' ? 1 : 0));
}

/**
 * Export Logs (docs/product.md §2 Audit logs): the entries under the current search and filters, as
 * CSV or JSON Lines, read as they stream with progress shown, then saved.
 */
export function ExportLogsDialog({ search, filters }: { search: string; filters: AuditFilters }) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<AuditExportFormat>('jsonl');
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const id = useId();
  const isRunning = progress !== null;

  async function run() {
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setProgress({ bytes: 0, lines: 0 });
    try {
      const result = await downloadAuditExport(
        { format, search, filters },
        { signal: controller.signal, onProgress: setProgress },
      );
      saveBlob(result.blob, result.fileName);
      toast.success(`Exported ${formatNumber(entriesOf(result.progress, format))} entries`);
      setOpen(false);
    } catch (failure) {
      if (!(failure instanceof DOMException && failure.name === 'AbortError')) {
        setError(getErrorMessage(failure, 'The export failed. Try again.'));
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) abort.current?.abort();
        setError(null);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Download aria-hidden />
          Export Logs
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Export Logs</DialogTitle>
          <DialogDescription>
            The entries matching the current search and filters, oldest first. The export itself is recorded
            in the audit log.
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2" disabled={isRunning}>
          <legend className="mb-2 font-medium text-sm">Format</legend>
          {FORMATS.map((option) => (
            <label
              key={option.value}
              htmlFor={`${id}-${option.value}`}
              className="flex cursor-pointer gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                id={`${id}-${option.value}`}
                type="radio"
                name={`${id}-format`}
                value={option.value}
                checked={format === option.value}
                onChange={() => setFormat(option.value)}
                className="mt-0.5 accent-primary"
              />
              <span className="grid gap-0.5">
                <span className="font-medium text-sm">{option.label}</span>
                <span className="text-muted-foreground text-xs">{option.description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div aria-live="polite" className="min-h-5 text-sm">
          {progress ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
              {formatNumber(entriesOf(progress, format))} entries · {formatBytes(progress.bytes)} received
            </p>
          ) : error ? (
            <p className="text-destructive" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter className="sm:items-center sm:justify-between">
          <a
            className="text-muted-foreground text-xs underline-offset-4 hover:underline"
            href={auditExportUrl(format, search, filters)}
            download
          >
            Very large log? Download directly (no progress)
          </a>
          <div className="flex gap-2">
            {isRunning ? (
              <Button type="button" variant="outline" onClick={() => abort.current?.abort()}>
                Cancel
              </Button>
            ) : null}
            <Button type="button" disabled={isRunning} onClick={() => void run()}>
              <Download aria-hidden />
              {isRunning ? 'Exporting…' : 'Download'}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
