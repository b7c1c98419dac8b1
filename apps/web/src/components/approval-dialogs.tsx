import { APPROVAL_COMMENT_MAX, APPROVAL_RATING_MAX, APPROVAL_TEXTS } from '@parley/contracts';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

/** An optional 1–5 star rating: native radios (arrow keys move), with Clear to take it back. */
export function StarRating({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const name = useId();
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 font-medium text-sm">Rate this draft (optional)</legend>
      <div className="flex flex-wrap items-center gap-1">
        {Array.from({ length: APPROVAL_RATING_MAX }, (_, i) => i + 1).map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-sm p-1 text-muted-foreground transition-colors hover:text-amber-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
            />
            <Star
              aria-hidden
              className={cn('size-6', star <= value ? 'fill-amber-400 text-amber-500' : 'fill-transparent')}
            />
            <span className="sr-only">
              {star} star{star === 1 ? '' : 's'}
            </span>
          </label>
        ))}
        <span className="ml-2 text-muted-foreground text-sm" aria-live="polite">
          {value ? `${value} of ${APPROVAL_RATING_MAX}` : 'Not rated'}
        </span>
        {value ? (
          <Button type="button" variant="link" size="sm" onClick={() => onChange(0)}>
            Clear
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * Request Changes: the comment is required (it shows in the workspace: docs/product.md §2 Message detail).
 */
export function RequestChangesDialog({
  open,
  onOpenChange,
  isPending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isPending: boolean;
  onConfirm: (comment: string) => void;
}) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const text = comment.trim();
    if (!text) {
      setError('Say what should change');
      return;
    }
    onConfirm(text);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setComment('');
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <FormDialogHeader
            title={APPROVAL_TEXTS.requestChanges}
            description="The draft goes back to its author with your comment, and the message is open again."
          />
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-comment`}>Comment</Label>
            <Textarea
              id={`${id}-comment`}
              value={comment}
              maxLength={APPROVAL_COMMENT_MAX}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setComment(event.target.value);
                if (error) setError(null);
              }}
              placeholder="What should change before this can be sent?"
              className="min-h-28"
            />
            {error ? (
              <p id={`${id}-error`} className="text-destructive text-sm" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <FormDialogFooter
            confirmLabel={APPROVAL_TEXTS.requestChanges}
            isPending={isPending}
            onCancel={() => onOpenChange(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
