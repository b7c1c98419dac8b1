import { dismissFlagInputSchema, FLAG_DISMISSAL_LIMITS, FLAG_TEXTS } from '@parley/contracts';
import { LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/**
 * 'Not a problem here': the written reason (checked with the server's own rule before sending), then
 * Clear flag or Cancel. Escape cancels; the field takes the focus when the form opens.
 */
export function FlagDismissForm({
  term,
  isPending,
  serverError,
  onSubmit,
  onCancel,
}: {
  term: string;
  isPending: boolean;
  /** The server's message for the reason field, when it refused it. */
  serverError: string | undefined;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const shown = error ?? serverError;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = dismissFlagInputSchema.shape.reason.safeParse(reason);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSubmit(parsed.data);
  }

  return (
    <form
      className="grid gap-2 rounded-md border border-dashed p-3 sm:col-span-2"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      aria-label={`${FLAG_TEXTS.notAProblem}: ‘${term}’`}
    >
      <Label htmlFor={`${id}-reason`}>{FLAG_TEXTS.reasonLabel}</Label>
      <Textarea
        id={`${id}-reason`}
        autoFocus
        value={reason}
        maxLength={FLAG_DISMISSAL_LIMITS.reasonMax}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        className="min-h-20"
      />
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {FLAG_TEXTS.reasonHint}
      </p>
      {shown ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {shown}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isPending} aria-busy={isPending}>
          {isPending ? <LoaderCircle aria-hidden className="motion-safe:animate-spin" /> : null}
          {FLAG_TEXTS.clear}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {FLAG_TEXTS.cancel}
        </Button>
      </div>
    </form>
  );
}
