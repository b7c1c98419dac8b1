import {
  isSupportedTimeZone,
  WEEKLY_REPORT_DAYS,
  type WeeklyReportDay,
  type WeeklyReportScheduleResponse,
} from '@parley/contracts';
import { CalendarClock } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { PendingButton } from '@/components/pending-button';
import { SectionError } from '@/components/section-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useUpdateWeeklyReportSchedule, useWeeklyReportSchedule } from '../api/weekly-report-schedule';

const DAY_LABEL = (day: WeeklyReportDay) => day.charAt(0).toUpperCase() + day.slice(1);

/** The zones the browser knows, for the field's suggestions; the server checks against its own list. */
const ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone')];

function ScheduleForm({ schedule }: { schedule: WeeklyReportScheduleResponse }) {
  const id = useId();
  const update = useUpdateWeeklyReportSchedule();
  const [day, setDay] = useState<WeeklyReportDay>(schedule.day);
  const [time, setTime] = useState(schedule.time);
  const [zone, setZone] = useState(schedule.time_zone);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const isChanged = day !== schedule.day || time !== schedule.time || zone !== schedule.time_zone;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isSupportedTimeZone(zone.trim())) {
      setErrors({ time_zone: 'Not a known time zone: use an IANA name such as Europe/London' });
      return;
    }
    setErrors({});
    update.mutate(
      { day, time, time_zone: zone.trim() },
      {
        onSuccess: () => toast.success('Weekly report schedule saved'),
        onError: (error) => {
          setErrors(isApiError(error) ? (error.fields ?? {}) : {});
          toast.error('Failed to save the schedule', {
            description: getErrorMessage(error, '') || undefined,
          });
        },
      },
    );
  }

  return (
    <form className="grid gap-4 sm:max-w-xl" onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-day`}>Day</Label>
          <Select value={day} onValueChange={(value) => setDay(value as WeeklyReportDay)}>
            <SelectTrigger id={`${id}-day`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {WEEKLY_REPORT_DAYS.map((d) => (
                <SelectItem key={d} value={d}>
                  {DAY_LABEL(d)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <FormField
          id={`${id}-time`}
          label="Time"
          name="time"
          type="time"
          required
          value={time}
          onChange={(event) => setTime(event.target.value)}
          error={errors.time}
        />
      </div>
      <FormField
        id={`${id}-zone`}
        label="Time zone"
        name="time_zone"
        list={`${id}-zones`}
        required
        autoComplete="off"
        value={zone}
        onChange={(event) => setZone(event.target.value)}
        error={errors.time_zone}
      />
      <datalist id={`${id}-zones`}>
        {ZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <p className="text-muted-foreground text-sm" data-testid="weekly-report-next">
        Next report {formatDateTime(schedule.next_at)}
        {schedule.last_sent_at ? `; last sent ${formatDateTime(schedule.last_sent_at)}` : '; none sent yet'}.
      </p>
      <div>
        <PendingButton type="submit" isPending={update.isPending} disabled={!isChanged || update.isPending}>
          Save schedule
        </PendingButton>
      </div>
    </form>
  );
}

/**
 * docs/product.md §2 Settings, for admins: when the organisation's weekly report goes out
 * (docs/decisions/041-weekly-report-schedule.md), in its own time zone.
 */
export function WeeklyReportCard() {
  const schedule = useWeeklyReportSchedule();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CalendarClock className="size-5" aria-hidden="true" />
          Weekly report
        </CardTitle>
        <CardDescription>
          When the organisation's weekly digest is sent to members who have Weekly Digest on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {schedule.isPending ? (
          <Spinner label="Loading the schedule…" className="py-6" />
        ) : schedule.isError ? (
          <SectionError
            title="Failed to load the schedule"
            error={schedule.error}
            onRetry={() => void schedule.refetch()}
          />
        ) : (
          <ScheduleForm
            key={`${schedule.data.day}-${schedule.data.time}-${schedule.data.time_zone}`}
            schedule={schedule.data}
          />
        )}
      </CardContent>
    </Card>
  );
}
