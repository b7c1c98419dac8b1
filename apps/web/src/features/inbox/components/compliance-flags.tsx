import { COMPLIANCE_TEXTS, type ComplianceFlag } from '@parley/contracts';
import { CircleAlert, LoaderCircle, ShieldAlert, ShieldCheck, Wand2 } from 'lucide-react';
import { toast } from 'sonner';
import { useApplyFix } from '@/api/drafts/apply-fix';
import { useLatestDraft } from '@/api/drafts/get-latest-draft';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { SeverityBadge } from './compliance-severity';
import { DisabledWithReason } from './draft-disabled-action';

function Empty({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-3 text-muted-foreground text-sm">
      {icon}
      <p>{children}</p>
    </div>
  );
}

/**
 * docs/product.md §2 'Compliance Flags' below the workspace: the latest version's stored flags with term,
 * severity, explanation and suggestion, and Apply Fix (the suggestion as a new version, checked again).
 */
export function ComplianceFlagsPanel({
  messageId,
  canWrite,
  isStale,
}: {
  messageId: string;
  canWrite: boolean;
  /** The stored check no longer matches the text in the draft editor. */
  isStale: boolean;
}) {
  const latest = useLatestDraft(messageId);
  const fix = useApplyFix(messageId);
  const draft = latest.data;
  const compliance = draft?.compliance;

  function apply(flag: ComplianceFlag) {
    if (!draft || fix.isPending) return;
    fix.mutate(
      { start: flag.start, end: flag.end, based_on_version: draft.version },
      {
        onSuccess: () => toast.success(COMPLIANCE_TEXTS.suggestionApplied),
        onError: (error) => {
          if (isApiError(error) && error.status === 409) toast.error(error.message);
          else toast.error(getErrorMessage(error, COMPLIANCE_TEXTS.applyFixFailed));
        },
      },
    );
  }

  const blocked = !canWrite
    ? 'Your role can read drafts but not change them.'
    : isStale
      ? COMPLIANCE_TEXTS.staleCheck
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{COMPLIANCE_TEXTS.flagsTitle}</CardTitle>
        {compliance && compliance.flags.length > 0 ? (
          <CardDescription>
            {isStale
              ? COMPLIANCE_TEXTS.staleCheck
              : `Version ${draft?.version}: ${compliance.flags.length} flagged`}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {latest.isPending ? (
          <Spinner label="Loading flags..." className="py-4" />
        ) : latest.isError ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden />
            <AlertTitle>The flags could not be loaded</AlertTitle>
            <AlertDescription>
              <Button type="button" variant="link" className="h-auto p-0" onClick={() => latest.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : !draft ? (
          <Empty icon={<ShieldCheck aria-hidden className="size-5" />}>
            No draft yet, so nothing to check.
          </Empty>
        ) : !compliance ? (
          <Empty icon={<ShieldAlert aria-hidden className="size-5" />}>{COMPLIANCE_TEXTS.notChecked}</Empty>
        ) : compliance.flags.length === 0 ? (
          <Empty icon={<ShieldCheck aria-hidden className="size-5 text-status-pass" />}>
            {COMPLIANCE_TEXTS.noFlags}
          </Empty>
        ) : (
          <ul className="grid gap-3">
            {compliance.flags.map((flag) => {
              const isApplying =
                fix.isPending && fix.variables?.start === flag.start && fix.variables?.end === flag.end;
              return (
                <li
                  key={`${flag.start}-${flag.end}-${flag.rule}`}
                  className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_auto] sm:items-start"
                >
                  <div className="grid min-w-0 gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="break-words font-medium">‘{flag.term}’</span>
                      <SeverityBadge severity={flag.severity} />
                    </div>
                    <p className="text-muted-foreground text-sm">{flag.explanation}</p>
                    <p className="text-sm">
                      <span className="text-muted-foreground">Suggestion: </span>
                      <span className="font-medium">{flag.suggestion || '—'}</span>
                    </p>
                  </div>
                  {blocked || !flag.suggestion ? (
                    <DisabledWithReason reason={blocked ?? 'This flag has no suggested replacement.'}>
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        aria-disabled="true"
                        className="cursor-not-allowed opacity-50 aria-disabled:pointer-events-auto"
                      >
                        <Wand2 aria-hidden />
                        {COMPLIANCE_TEXTS.applyFix}
                        <span className="sr-only">({blocked ?? 'no suggestion'})</span>
                      </Button>
                    </DisabledWithReason>
                  ) : (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() => apply(flag)}
                      disabled={fix.isPending}
                      aria-busy={isApplying}
                      aria-label={`${COMPLIANCE_TEXTS.applyFix}: replace ‘${flag.term}’ with ‘${flag.suggestion}’`}
                    >
                      {isApplying ? (
                        <LoaderCircle aria-hidden className="motion-safe:animate-spin" />
                      ) : (
                        <Wand2 aria-hidden />
                      )}
                      {COMPLIANCE_TEXTS.applyFix}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {compliance?.second_opinion === 'unavailable' ? (
          <p className="mt-3 text-muted-foreground text-xs">{COMPLIANCE_TEXTS.secondOpinionUnavailable}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
