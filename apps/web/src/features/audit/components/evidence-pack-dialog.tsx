import { type EvidenceSelectionQuery, evidenceSelectionQuerySchema } from '@parley/contracts';
import { FileArchive, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/api-client';
import { downloadEvidencePack } from '../api/download-evidence-pack';
import { saveBlob } from '../api/export-audit-log';
import { AnyOptionSelect } from './any-option-select';

const EMPTY = { investor: '', project: '', from: '', to: '' };

/**
 * Evidence pack (docs/decisions/031-evidence-packs.md): the signed zip of every thread of an investor, a
 * fund and/or a period, for an examiner; each field narrows the selection, none selects everything.
 */
export function EvidencePackDialog({ funds }: { funds: { id: string; label: string }[] }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [isRunning, setIsRunning] = useState(false);
  const id = useId();

  async function run() {
    setError(null);
    const parsed = evidenceSelectionQuerySchema.safeParse(
      Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== '')),
    );
    if (!parsed.success) {
      setFieldErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setFieldErrors({});
    setIsRunning(true);
    try {
      const result = await downloadEvidencePack(parsed.data as EvidenceSelectionQuery);
      saveBlob(result.blob, result.fileName);
      toast.success('Evidence pack downloaded');
      setOpen(false);
    } catch (failure) {
      setError(getErrorMessage(failure, 'The evidence pack could not be made. Try again.'));
    } finally {
      setIsRunning(false);
    }
  }

  const fieldError = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${id}-${name}-error`} className="text-destructive text-sm">
        {fieldErrors[name]}
      </p>
    ) : null;
  const described = (name: string) =>
    fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setError(null);
        setFieldErrors({});
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <FileArchive aria-hidden />
          Evidence Pack
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Evidence Pack</DialogTitle>
          <DialogDescription>
            A signed zip of the selected threads: each message, every draft, its flags, the approval, the
            reply as sent and their audit entries, with a PDF summary. Verify it offline with the public key.
          </DialogDescription>
        </DialogHeader>
        <form
          id={`${id}-form`}
          // The schema's messages, not the browser's, name what is wrong (and the server's are the same).
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            void run();
          }}
        >
          <div className="grid gap-2 sm:col-span-2">
            <Label htmlFor={`${id}-investor`}>Investor email</Label>
            <Input
              id={`${id}-investor`}
              type="email"
              placeholder="Any investor"
              value={draft.investor}
              onChange={(e) => setDraft((d) => ({ ...d, investor: e.target.value }))}
              {...described('investor')}
            />
            {fieldError('investor')}
          </div>
          <div className="sm:col-span-2">
            <AnyOptionSelect
              id={`${id}-fund`}
              label="Fund"
              anyLabel="Any fund"
              options={funds}
              value={draft.project || null}
              onChange={(project) => setDraft((d) => ({ ...d, project: project ?? '' }))}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={draft.from}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
              {...described('from')}
            />
            {fieldError('from')}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={draft.to}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
              {...described('to')}
            />
            {fieldError('to')}
          </div>
        </form>
        <div aria-live="polite" className="min-h-5 text-sm">
          {isRunning ? (
            <p className="flex items-center gap-2 text-muted-foreground">
              <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
              Making the pack…
            </p>
          ) : error ? (
            <p role="alert" className="text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          <Button type="submit" form={`${id}-form`} disabled={isRunning}>
            <FileArchive aria-hidden />
            {isRunning ? 'Making…' : 'Download'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
