import { ANALYTICS_TEXTS, RESPONSE_TARGET_MAX_DAYS, responseTargetInputSchema } from '@parley/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { useUpdateResponseTarget } from '@/api/analytics/update-response-target';
import { FormField } from '@/components/form-field';
import { PendingButton } from '@/components/pending-button';
import { getErrorMessage, isApiError } from '@/lib/api-client';

/**
 * The organisation's response-time target in business days (admin only; docs/decisions/043-analytics.md).
 * Checked with the contract's schema before sending, and the server's field message is shown under the
 * input when it refuses the value.
 */
export function ResponseTargetForm({ businessDays }: { businessDays: number }) {
  const id = useId();
  const update = useUpdateResponseTarget();
  const [value, setValue] = useState(String(businessDays));
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = responseTargetInputSchema.safeParse({
      business_days: value.trim() === '' ? Number.NaN : Number(value),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(parsed.data, {
      onSuccess: () => toast.success(ANALYTICS_TEXTS.targetSaved),
      onError: (failure) => {
        const field = isApiError(failure) ? failure.fields?.business_days : undefined;
        if (field) setError(field);
        else
          toast.error('Failed to save the target', {
            description: getErrorMessage(failure, '') || undefined,
          });
      },
    });
  }

  return (
    <form className="flex items-start gap-2" onSubmit={onSubmit} noValidate>
      {/* As wide as its label, so Save sits beside the input. */}
      <div className="w-44">
        <FormField
          id={`${id}-days`}
          label="Target (business days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={RESPONSE_TARGET_MAX_DAYS}
          step={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
          className="w-full"
        />
      </div>
      <div className="grid gap-2">
        <span aria-hidden="true" className="h-3.5" />
        <PendingButton
          type="submit"
          variant="outline"
          isPending={update.isPending}
          disabled={value === String(businessDays)}
        >
          Save
        </PendingButton>
      </div>
    </form>
  );
}
