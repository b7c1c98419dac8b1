import { describedControl, FieldFrame, type FieldProps } from '@/components/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

// Apart from form-field.tsx: the sign-in page uses its fields, and should not download a select with them
// (docs/architecture.md, "Code splitting").
type SelectFieldProps = FieldProps & {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  disabled?: boolean | undefined;
  /** Classes of the whole field (its grid cell). */
  className?: string | undefined;
  triggerClassName?: string | undefined;
};

/** One labelled select with its hint and its message; an empty value shows the placeholder. */
export function SelectField({
  id,
  label,
  error,
  hint,
  value,
  onValueChange,
  options,
  placeholder,
  disabled,
  className,
  triggerClassName,
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={cn('min-w-0', className)}>
      <Select value={value || undefined} onValueChange={onValueChange} disabled={disabled}>
        <SelectTrigger
          id={id}
          className={cn('w-full', triggerClassName)}
          {...describedControl({ id, label, error, hint })}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FieldFrame>
  );
}
