import {
  REPORT_PERIOD_PRESET_LABELS,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type ReportType,
} from '@parley/contracts';
import { FilePlus2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { useCreateReport } from '@/api/reports/create-report';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { FormErrorAlert } from '@/components/form-error-alert';
import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import {
  EMPTY_REPORT_REQUEST,
  FIELD_OF_INPUT,
  PERIOD_CHOICES,
  type PeriodChoice,
  type ReportRequestDraft,
  toReportRequest,
} from '../report-request';

/** docs/product.md §2 Reports: what each type holds, under the type select. */
const TYPE_HINTS: Record<ReportType, string> = {
  management: 'Volumes, response times, sentiment and top topics per fund.',
  compliance:
    'Every reply sent: investor, approver, flags and their resolution, text hash, delivery; overrides; the audit chain check.',
  productivity: 'Per member: drafts, edits, approvals and time to reply.',
};

const ALL_FUNDS = 'all';

type FieldErrors = Partial<Record<keyof ReportRequestDraft, string>>;

/**
 * Generate Report: a type, a period (a preset or custom dates, UTC days) and a fund or all. The report
 * is queued and generated in the background; the list shows its progress.
 */
export function GenerateReportDialog({ funds }: { funds: readonly { id: string; name: string }[] }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ReportRequestDraft>(EMPTY_REPORT_REQUEST);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const create = useCreateReport();
  const id = useId();

  const set = (patch: Partial<ReportRequestDraft>) => setDraft((d) => ({ ...d, ...patch }));

  function reset(next: boolean) {
    setOpen(next);
    if (!next) {
      setDraft(EMPTY_REPORT_REQUEST);
      setFieldErrors({});
      create.reset();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = toReportRequest(draft, new Date());
    if (!request.ok) {
      setFieldErrors(request.fields);
      return;
    }
    setFieldErrors({});
    create.mutate(request.input, {
      onSuccess: (report) => {
        toast.success(`${report.type_label} report queued`, {
          description: 'It is generated in the background; the list shows its progress.',
        });
        reset(false);
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) {
          const mapped: FieldErrors = {};
          for (const [name, message] of Object.entries(error.fields)) {
            const field = FIELD_OF_INPUT[name];
            if (field) mapped[field] = message;
          }
          setFieldErrors(mapped);
        }
      },
    });
  }

  const serverError =
    create.isError && !(isApiError(create.error) && create.error.fields)
      ? getErrorMessage(create.error, 'The report could not be queued. Try again.')
      : null;

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button>
          <FilePlus2 aria-hidden />
          Generate Report
        </Button>
      </DialogTrigger>
      <DialogContent>
        <FormDialogHeader
          title="Generate Report"
          description="Choose a type, a period and a fund. The report is made in the background as a PDF and a CSV of its rows."
        />
        <form
          noValidate
          className="grid gap-4"
          onSubmit={onSubmit}
          aria-describedby={serverError ? `${id}-error` : undefined}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id={`${id}-type`}
              label="Type"
              className="sm:col-span-2"
              value={draft.type}
              onValueChange={(value) => set({ type: value as ReportType })}
              options={REPORT_TYPES.map((type) => ({ value: type, label: REPORT_TYPE_LABELS[type] }))}
              placeholder="Choose a type"
              hint={TYPE_HINTS[draft.type]}
              error={fieldErrors.type}
            />
            <SelectField
              id={`${id}-period`}
              label="Period"
              value={draft.period}
              onValueChange={(value) => set({ period: value as PeriodChoice })}
              options={PERIOD_CHOICES.map((choice) => ({
                value: choice,
                label: choice === 'custom' ? 'Custom dates' : REPORT_PERIOD_PRESET_LABELS[choice],
              }))}
              placeholder="Choose a period"
              hint="Whole days in UTC, both ends included."
            />
            <SelectField
              id={`${id}-fund`}
              label="Fund"
              value={draft.fundId || ALL_FUNDS}
              onValueChange={(value) => set({ fundId: value === ALL_FUNDS ? '' : value })}
              options={[
                { value: ALL_FUNDS, label: 'All funds' },
                ...funds.map((fund) => ({ value: fund.id, label: fund.name })),
              ]}
              placeholder="All funds"
              error={fieldErrors.fundId}
            />
            {draft.period === 'custom' ? (
              <>
                <FormField
                  id={`${id}-from`}
                  label="From"
                  type="date"
                  value={draft.from}
                  onChange={(e) => set({ from: e.target.value })}
                  error={fieldErrors.from}
                />
                <FormField
                  id={`${id}-to`}
                  label="To"
                  type="date"
                  value={draft.to}
                  onChange={(e) => set({ to: e.target.value })}
                  error={fieldErrors.to}
                />
              </>
            ) : fieldErrors.to || fieldErrors.from ? (
              <p className="text-destructive text-sm sm:col-span-2">{fieldErrors.to ?? fieldErrors.from}</p>
            ) : null}
          </div>
          {serverError ? <FormErrorAlert id={`${id}-error`} description={serverError} /> : null}
          <FormDialogFooter
            confirmLabel="Generate"
            isPending={create.isPending}
            onCancel={() => reset(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
