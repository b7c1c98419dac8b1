import { RETENTION_MAX_YEARS, RETENTION_TEXTS, type RetentionSummary } from '@parley/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { PendingButton } from '@/components/pending-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { toastFailure } from '@/lib/toast-failure';
import { useUpdateRetention } from '../api/update-retention';

/**
 * The organisation's retention period (docs/decisions/030-data-retention.md): whole years from the
 * floor up; the server refuses anything below the floor and says why under the field.
 */
export function RetentionPeriodCard({ summary }: { summary: RetentionSummary }) {
  const id = useId();
  const [years, setYears] = useState(String(summary.retention_years));
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateRetention();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const value = Number(years);
    update.mutate(
      { retention_years: years.trim() === '' ? Number.NaN : value },
      {
        onSuccess: (next) => {
          setYears(String(next.retention_years));
          toast.success(RETENTION_TEXTS.periodUpdated);
        },
        onError: (failure) => {
          const field = isApiError(failure) ? failure.fields?.retention_years : undefined;
          if (field) setError(field);
          else toastFailure('Failed to update the retention period', failure);
        },
      },
    );
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Retention period</CardTitle>
        <CardDescription>
          Investor messages, replies as sent, fund documents and the audit log are kept at least this long
          from their last change. Nothing inside the period can be deleted, and an erasure leaves it as it was
          made.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-wrap items-start gap-3" onSubmit={submit} noValidate>
          <FormField
            id={`${id}-years`}
            label="Years"
            type="number"
            inputMode="numeric"
            min={summary.floor_years}
            max={RETENTION_MAX_YEARS}
            step={1}
            className="w-28"
            value={years}
            onChange={(event) => setYears(event.target.value)}
            error={error}
            hint={`At least ${summary.floor_years} years (SEC and FINRA books-and-records rules); ${summary.default_years} by default.`}
          />
          <PendingButton
            type="submit"
            // Level with the input: below its label (text-sm line and the field's gap).
            className="mt-7"
            isPending={update.isPending}
            disabled={years === String(summary.retention_years)}
          >
            Save period
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  );
}
