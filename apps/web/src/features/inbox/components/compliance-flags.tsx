import { COMPLIANCE_TEXTS, type ComplianceFlag, FLAG_TEXTS, unresolvedFlags } from '@parley/contracts';
import { CircleAlert, ShieldAlert, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { useApplyFix } from '@/api/drafts/apply-fix';
import { useLatestDraft } from '@/api/drafts/get-latest-draft';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { ComplianceFlagItem } from './compliance-flag-item';

function Empty({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-3 text-muted-foreground text-sm">
      {icon}
      <p>{children}</p>
    </div>
  );
}

/** 'Version 3: 2 flagged, 1 cleared': cleared flags ('not a problem here') are counted apart. */
function flaggedSummary(version: number | undefined, flags: readonly ComplianceFlag[]): string {
  const open = unresolvedFlags(flags).length;
  const cleared = flags.length - open;
  return `Version ${version}: ${open} flagged${cleared > 0 ? `, ${FLAG_TEXTS.clearedCount(cleared)}` : ''}`;
}

/**
 * docs/product.md §2 'Compliance Flags' below the workspace: the latest version's stored flags with term,
 * severity, why it was raised and suggestion, Apply Fix (the suggestion as a new version, checked
 * again), and 'Not a problem here' with a reason (cleared flags stay listed, dimmed, with who and why).
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
          toast.error(getErrorMessage(error, COMPLIANCE_TEXTS.applyFixFailed));
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
            {isStale ? COMPLIANCE_TEXTS.staleCheck : flaggedSummary(draft?.version, compliance.flags)}
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
            {compliance.flags.map((flag) => (
              <ComplianceFlagItem
                key={`${flag.start}-${flag.end}-${flag.rule}`}
                messageId={messageId}
                version={draft.version}
                flag={flag}
                canWrite={canWrite}
                applyBlocked={blocked}
                isApplying={
                  fix.isPending && fix.variables?.start === flag.start && fix.variables?.end === flag.end
                }
                isApplyPending={fix.isPending}
                onApply={() => apply(flag)}
              />
            ))}
          </ul>
        )}
        {compliance?.second_opinion === 'unavailable' ? (
          <p className="mt-3 text-muted-foreground text-xs">{COMPLIANCE_TEXTS.secondOpinionUnavailable}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
