import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

export type FieldProps = {
  id: string;
  label: string;
  /** The field's message: shown under it and announced with it. */
  error?: string | undefined;
  hint?: string | undefined;
};

/** The attributes that tie a control to its hint and message for screen readers. */
export function describedControl({ id, error, hint }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** A label, the control, then its hint and its message. */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldProps & { className?: string; children: ReactNode }) {
  return (
    // content-start: beside a taller field (one showing its message), the label stays by its control.
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FormFieldProps = Omit<ComponentProps<typeof Input>, 'id'> & FieldProps;

/** One labelled input with its hint and its message, both tied to the input for screen readers. */
export function FormField({ id, label, error, hint, ...inputProps }: FormFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <Input id={id} {...describedControl({ id, label, error, hint })} {...inputProps} />
    </FieldFrame>
  );
}

type TextareaFieldProps = Omit<ComponentProps<typeof Textarea>, 'id'> & FieldProps;

/** One labelled text area with its hint and its message, as FormField is for an input. */
export function TextareaField({ id, label, error, hint, ...textareaProps }: TextareaFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <Textarea id={id} {...describedControl({ id, label, error, hint })} {...textareaProps} />
    </FieldFrame>
  );
}
