import { COMPLIANCE_LIMITS, COMPLIANCE_SEVERITIES, type ComplianceSeverity } from '@parley/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { getErrorMessage } from '@/lib/api-client';
import { type PolicyChange, useChangePolicy } from '../api/policy';

export const SEVERITY_LABEL: Record<ComplianceSeverity, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/** Runs one policy write with the shared toasts. */
export function usePolicyWrite() {
  const change = useChangePolicy();
  function run(
    input: PolicyChange,
    success: string,
    onDone?: () => void,
    onFields?: (f: Record<string, string>) => void,
  ) {
    change.mutate(input, {
      onSuccess: () => {
        toast.success(success);
        onDone?.();
      },
      onError: (error) => {
        const fields = (error as { fields?: Record<string, string> }).fields;
        if (fields && onFields) onFields(fields);
        const first = fields ? Object.values(fields)[0] : undefined;
        toast.error(first ?? getErrorMessage(error, 'The change could not be saved'));
      },
    });
  }
  return { run, isPending: change.isPending };
}

export function SeveritySelect({
  value,
  onChange,
  disabled,
  label,
  id,
}: {
  value: ComplianceSeverity;
  onChange: (value: ComplianceSeverity) => void;
  disabled?: boolean;
  label: string;
  id?: string;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as ComplianceSeverity)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className="w-28">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {COMPLIANCE_SEVERITIES.map((severity) => (
          <SelectItem key={severity} value={severity}>
            {SEVERITY_LABEL[severity]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A text cell saved when it loses focus or on Enter, if it changed; Escape restores it. */
export function CommitInput({
  value,
  onCommit,
  disabled,
  label,
  maxLength = COMPLIANCE_LIMITS.suggestion,
}: {
  value: string;
  onCommit: (value: string) => void;
  disabled?: boolean;
  label: string;
  maxLength?: number;
}) {
  const [draft, setDraft] = useState(value);
  const [base, setBase] = useState(value);
  if (value !== base) {
    setBase(value);
    setDraft(value);
  }
  function commit() {
    if (draft.trim() !== value.trim()) onCommit(draft.trim());
  }
  return (
    <Input
      aria-label={label}
      value={draft}
      readOnly={disabled}
      maxLength={maxLength}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
        if (event.key === 'Escape') setDraft(value);
      }}
      className="min-w-40 max-md:w-0 max-md:flex-1"
    />
  );
}

/** Delete a custom rule, after confirming. */
export function DeleteRuleButton({
  name,
  onConfirm,
  disabled,
}: {
  name: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete ${name}`}
          disabled={disabled}
        >
          <Trash2 aria-hidden />
        </Button>
      }
      title={`Delete ‘${name}’?`}
      description="The checker stops flagging it at once. Drafts already checked keep their flags."
      confirmLabel="Delete"
      closeOnConfirm
      onConfirm={onConfirm}
    />
  );
}
