import { ANALYTICS_PRESETS, type AnalyticsPreset } from '@parley/contracts';
import { type FormEvent, useId, useState } from 'react';
import {
  type AnalyticsView,
  customPeriodErrors,
  hasPeriodErrors,
  type PeriodErrors,
} from '@/api/analytics/analytics-view';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const PERIOD_LABELS: Record<AnalyticsPreset | 'custom', string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  custom: 'Custom',
};

/** Radix's select has no empty value: this one stands for all funds (no `fund` parameter). */
const ALL_FUNDS = 'all';

/**
 * The period (7, 30 or 90 days, or custom UTC days) and the fund. Both live in the page's URL, so
 * `onChange` is the only state: a shared link or a reload shows the same view.
 */
export function AnalyticsFilters({
  view,
  errors,
  funds,
  customStart,
  onChange,
}: {
  view: AnalyticsView;
  /** Why the URL's custom period cannot be shown (a link edited by hand). */
  errors: PeriodErrors;
  funds: readonly { id: string; name: string }[];
  /** The days a switch to Custom starts from: the period on screen. */
  customStart: () => { from: string; to: string };
  onChange: (view: AnalyticsView) => void;
}) {
  const id = useId();
  const isUnknownFund = view.fund !== null && funds.length > 0 && !funds.some((f) => f.id === view.fund);

  function choosePeriod(value: string) {
    if (value === 'custom') {
      onChange({ period: 'custom', ...customStart(), fund: view.fund });
    } else {
      onChange({ period: value as AnalyticsPreset, fund: view.fund });
    }
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-period`}>Period</Label>
        <Select value={view.period} onValueChange={choosePeriod}>
          <SelectTrigger id={`${id}-period`} className="w-full sm:w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {[...ANALYTICS_PRESETS, 'custom' as const].map((period) => (
              <SelectItem key={period} value={period}>
                {PERIOD_LABELS[period]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {view.period === 'custom' ? (
        <CustomPeriodForm
          // A new period from the URL (a link, Back) starts the form again from it.
          key={`${view.from}/${view.to}`}
          view={view}
          urlErrors={errors}
          onApply={(range) => onChange({ ...view, ...range })}
        />
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-fund`}>Fund</Label>
        <Select
          value={view.fund ?? ALL_FUNDS}
          onValueChange={(value) => onChange({ ...view, fund: value === ALL_FUNDS ? null : value })}
        >
          <SelectTrigger id={`${id}-fund`} className="w-full sm:w-64">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_FUNDS}>All funds</SelectItem>
            {funds.map((fund) => (
              <SelectItem key={fund.id} value={fund.id}>
                {fund.name}
              </SelectItem>
            ))}
            {isUnknownFund && view.fund ? <SelectItem value={view.fund}>Unknown fund</SelectItem> : null}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

/** From and to (UTC days, both included), applied together once they make a period the server accepts. */
function CustomPeriodForm({
  view,
  urlErrors,
  onApply,
}: {
  view: Extract<AnalyticsView, { period: 'custom' }>;
  urlErrors: PeriodErrors;
  onApply: (range: { from: string; to: string }) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(view.from);
  const [to, setTo] = useState(view.to);
  const [errors, setErrors] = useState<PeriodErrors>(urlErrors);
  const isChanged = from !== view.from || to !== view.to;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = customPeriodErrors(from, to);
    setErrors(next);
    if (!hasPeriodErrors(next)) onApply({ from, to });
  }

  return (
    <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={onSubmit} noValidate>
      <FormField
        id={`${id}-from`}
        label="From"
        type="date"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        error={errors.from}
        className="sm:w-40"
      />
      <FormField
        id={`${id}-to`}
        label="To"
        type="date"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        error={errors.to}
        className="sm:w-40"
      />
      {/* The labels' height, so the button lines up with the inputs. */}
      <div className="grid gap-2">
        <span aria-hidden="true" className="hidden h-3.5 sm:block" />
        <Button type="submit" variant="outline" disabled={!isChanged && !hasPeriodErrors(errors)}>
          Apply
        </Button>
      </div>
    </form>
  );
}
