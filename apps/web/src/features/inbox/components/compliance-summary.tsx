import {
  COMPLIANCE_SEVERITIES,
  COMPLIANCE_TEXTS,
  countFlagsBySeverity,
  type DraftCompliance,
  FLAG_TEXTS,
  unresolvedFlags,
} from '@parley/contracts';
import { CircleAlert, ShieldAlert, ShieldCheck, TriangleAlert } from 'lucide-react';
import { SeverityBadge } from '@/components/severity-badge';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { THREAD_FOCUS } from '@/lib/focus-when-shown';
import { formatDateTime } from '@/lib/format';

/**
 * The flag summary banner, a live region: the latest version's stored check (docs/product.md §8:
 * '{n} compliance flags detected' or 'No compliance issues found!', counts per severity, whether a
 * director must approve; flags marked 'not a problem here' are not counted), or that it was not checked
 * yet, or that the text changed since, and whether the second opinion was unavailable. It is where
 * focus lands after a check (THREAD_FOCUS), so the result is said once, here: not again in a toast
 * nor over the flags rail (docs/decisions/051-a-thread-built-for-work.md).
 */
export function ComplianceSummary(props: {
  compliance: DraftCompliance | null | undefined;
  isStale: boolean;
}) {
  // One element for the whole life of the page: focus put on it after a check stays there when its
  // content changes from 'not checked' to the result (a new element would drop the focus).
  return (
    <div id={THREAD_FOCUS.checkSummary} tabIndex={-1} role="status" className="empty:hidden">
      <SummaryContent {...props} />
    </div>
  );
}

function SummaryContent({
  compliance,
  isStale,
}: {
  compliance: DraftCompliance | null | undefined;
  isStale: boolean;
}) {
  if (compliance === undefined) return null;
  if (compliance === null) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <ShieldAlert aria-hidden className="size-4 shrink-0" />
        {COMPLIANCE_TEXTS.notChecked}
      </p>
    );
  }
  // Flags marked 'not a problem here' are listed below but not counted here.
  const open = unresolvedFlags(compliance.flags);
  const counts = countFlagsBySeverity(open);
  const total = open.length;
  const clearedCount = compliance.flags.length - total;
  const cleared =
    clearedCount > 0 ? (
      <p className="text-muted-foreground text-sm">
        {FLAG_TEXTS.clearedCount(clearedCount)} ({FLAG_TEXTS.notAProblem.toLowerCase()})
      </p>
    ) : null;
  const directorLine = compliance.requires_approval ? (
    <p className="flex items-center gap-1.5 font-medium text-foreground text-sm">
      <ShieldAlert aria-hidden className="size-4 shrink-0 text-status-fail" />
      {COMPLIANCE_TEXTS.directorApprovalRequired}
    </p>
  ) : null;
  const checkedAt = (
    <time dateTime={compliance.checked_at} className="text-muted-foreground text-xs">
      Checked {formatDateTime(compliance.checked_at)}
    </time>
  );
  const secondOpinion =
    compliance.second_opinion === 'unavailable' ? (
      <p className="text-muted-foreground text-xs">{COMPLIANCE_TEXTS.secondOpinionUnavailable}</p>
    ) : null;
  const stale = isStale ? (
    <p className="flex items-center gap-1.5 font-medium text-sm">
      <CircleAlert aria-hidden className="size-4 shrink-0" />
      {COMPLIANCE_TEXTS.staleCheck}
    </p>
  ) : null;

  if (total === 0) {
    return (
      <Alert className={isStale ? 'border-dashed' : 'border-status-pass/50'}>
        <ShieldCheck aria-hidden className="text-status-pass" />
        <AlertTitle>{COMPLIANCE_TEXTS.noIssues}</AlertTitle>
        <AlertDescription className="grid gap-1">
          {cleared}
          {directorLine}
          {checkedAt}
          {secondOpinion}
          {stale}
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert
      className={
        isStale
          ? 'border-dashed'
          : compliance.requires_approval
            ? 'border-status-fail/60'
            : 'border-status-warn/60'
      }
    >
      <TriangleAlert
        aria-hidden
        className={compliance.requires_approval ? 'text-status-fail' : 'text-status-warn'}
      />
      <AlertTitle>{COMPLIANCE_TEXTS.flagsDetected(total)}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <ul className="flex flex-wrap items-center gap-2" aria-label="Flags by severity">
          {COMPLIANCE_SEVERITIES.filter((severity) => counts[severity] > 0).map((severity) => (
            <li key={severity} className="flex items-center gap-1.5 text-foreground text-sm">
              <SeverityBadge severity={severity} />
              <span>× {counts[severity]}</span>
            </li>
          ))}
        </ul>
        {cleared}
        {directorLine}
        {checkedAt}
        {secondOpinion}
        {stale}
      </AlertDescription>
    </Alert>
  );
}
