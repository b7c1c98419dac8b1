import {
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type ReportSchedule,
  type ReportType,
  updateReportScheduleInputSchema,
} from '@parley/contracts';
import { CalendarClock } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { useReportSchedule, useUpdateReportSchedule } from '@/api/reports/report-schedule';
import { FormDialogFooter, FormDialogHeader } from '@/components/form-dialog';
import { FormErrorAlert } from '@/components/form-error-alert';
import { SectionError } from '@/components/section-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

type Draft = { enabled: boolean; types: ReportType[]; recipientIds: string[] };

const draftOf = (schedule: ReportSchedule): Draft => ({
  enabled: schedule.enabled,
  types: schedule.types,
  recipientIds: schedule.recipients.map((r) => r.id),
});

const toggled = <T,>(list: readonly T[], value: T, isOn: boolean) =>
  isOn ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

function ScheduleForm({ schedule, onDone }: { schedule: ReportSchedule; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(schedule));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const update = useUpdateReportSchedule();
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { enabled: draft.enabled, types: draft.types, recipient_ids: draft.recipientIds };
    const parsed = updateReportScheduleInputSchema.safeParse(input);
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setFieldErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        toast.success(saved.enabled ? 'Monthly reports are on' : 'Monthly reports are off');
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) setFieldErrors(error.fields);
      },
    });
  }

  const serverError =
    update.isError && !(isApiError(update.error) && update.error.fields)
      ? getErrorMessage(update.error, 'The monthly reports could not be saved. Try again.')
      : null;
  const error = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${id}-${name}-error`} className="text-destructive text-sm">
        {fieldErrors[name]}
      </p>
    ) : null;

  return (
    <form noValidate className="grid gap-4" onSubmit={onSubmit}>
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={`${id}-enabled`}>Send monthly reports</Label>
        <Switch
          id={`${id}-enabled`}
          checked={draft.enabled}
          onCheckedChange={(enabled) => setDraft((d) => ({ ...d, enabled }))}
        />
      </div>
      <p className="text-muted-foreground text-sm">
        {schedule.enabled && schedule.next_at
          ? `Next: ${formatDateTime(schedule.next_at)}, for the month before (all funds).`
          : 'On the 1st of each month (UTC), the month before, for all funds.'}
      </p>
      <fieldset className="grid gap-2" aria-describedby={fieldErrors.types ? `${id}-types-error` : undefined}>
        <legend className="mb-2 font-medium text-sm">Reports</legend>
        {REPORT_TYPES.map((type) => (
          <div key={type} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-type-${type}`}
              checked={draft.types.includes(type)}
              onCheckedChange={(checked) =>
                setDraft((d) => ({ ...d, types: toggled(d.types, type, checked === true) }))
              }
            />
            <Label htmlFor={`${id}-type-${type}`} className="font-normal">
              {REPORT_TYPE_LABELS[type]}
            </Label>
          </div>
        ))}
        {error('types')}
      </fieldset>
      <fieldset
        className="grid gap-2"
        aria-describedby={fieldErrors.recipient_ids ? `${id}-recipient_ids-error` : undefined}
      >
        <legend className="mb-2 font-medium text-sm">Recipients</legend>
        <div className="grid max-h-56 gap-2 overflow-y-auto rounded-md border p-2">
          {schedule.members.map((member) => (
            <div key={member.id} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-member-${member.id}`}
                checked={draft.recipientIds.includes(member.id)}
                onCheckedChange={(checked) =>
                  setDraft((d) => ({
                    ...d,
                    recipientIds: toggled(d.recipientIds, member.id, checked === true),
                  }))
                }
              />
              <Label htmlFor={`${id}-member-${member.id}`} className="min-w-0 font-normal">
                <span className="truncate">{member.name}</span>
                <span className="truncate text-muted-foreground">{member.email}</span>
              </Label>
            </div>
          ))}
        </div>
        {error('recipient_ids')}
      </fieldset>
      <p className="text-muted-foreground text-xs">
        Recipients get an e-mail with a link to this page; the PDF and CSV are downloaded here.
      </p>
      {serverError ? <FormErrorAlert id={`${id}-error`} description={serverError} /> : null}
      <FormDialogFooter confirmLabel="Save" isPending={update.isPending} onCancel={onDone} />
    </form>
  );
}

/** Monthly reports (admin): which reports go out on the 1st, and to which members. */
export function MonthlyReportsDialog() {
  const [open, setOpen] = useState(false);
  const schedule = useReportSchedule({ enabled: open });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <CalendarClock aria-hidden />
          Monthly Reports
        </Button>
      </DialogTrigger>
      <DialogContent>
        <FormDialogHeader
          title="Monthly Reports"
          description="Generate last month's reports on the 1st of each month and e-mail the chosen members."
        />
        {schedule.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading the monthly reports" />
          </div>
        ) : schedule.isError ? (
          <SectionError
            title="Failed to load the monthly reports"
            error={schedule.error}
            onRetry={() => void schedule.refetch()}
          />
        ) : (
          <ScheduleForm schedule={schedule.data} onDone={() => setOpen(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
