import { AUDIT_CHAIN_TEXTS, type AuditChainStatus, COMPLIANCE_TEXTS } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileCheck2, Link2, Link2Off, RefreshCw, ShieldCheck, Unlink } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { AUDIT_PUBLIC_KEY_URL, useVerifyAuditChain } from '@/api/audit/verify-audit-chain';
import { complianceKeys } from '@/api/compliance/compliance-keys';
import { RelativeTime } from '@/components/relative-time';
import { SectionError } from '@/components/section-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { chainVerdict } from '@/lib/audit-chain-status';
import { cn } from '@/lib/utils';
import { useComplianceOverview } from '../api/get-overview';

function CountCard({
  icon,
  label,
  value,
  detail,
  tone,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  tone?: 'pass' | 'fail' | 'none';
}) {
  return (
    <Card
      className={cn(tone === 'fail' && 'border-status-fail/60', tone === 'pass' && 'border-status-pass/40')}
    >
      <CardContent className="flex items-start gap-4">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted">{icon}</div>
        <div className="min-w-0 space-y-1">
          <p className="text-muted-foreground text-sm">{label}</p>
          <p className="font-semibold text-2xl tracking-tight">{value}</p>
          {detail ? <div className="text-muted-foreground text-xs">{detail}</div> : null}
        </div>
      </CardContent>
    </Card>
  );
}

const CHAIN_ICONS = {
  pass: <Link2 aria-hidden className="size-5 text-status-pass" />,
  fail: <Link2Off aria-hidden className="size-5 text-status-fail" />,
  none: <Unlink aria-hidden className="size-5 text-muted-foreground" />,
};

/**
 * The audit hash chain as last verified and checkpointed (docs/audit-format.md): loading the page
 * reads the recorded result; 'Verify now' re-walks the chain and records a new one.
 */
function ChainCard({ chain, canVerify }: { chain: AuditChainStatus; canVerify: boolean }) {
  const queryClient = useQueryClient();
  const verify = useVerifyAuditChain(() =>
    queryClient.invalidateQueries({ queryKey: complianceKeys.overview() }),
  );
  const verification = chain.last_verification;
  const verdict = chainVerdict(verification);
  return (
    <CountCard
      tone={verdict.tone}
      icon={CHAIN_ICONS[verdict.tone]}
      label={COMPLIANCE_TEXTS.hashChain}
      value={verdict.label}
      detail={
        <div className="grid gap-1">
          {verdict.entries ? <p>{verdict.entries}</p> : null}
          {verification ? (
            <p>
              {AUDIT_CHAIN_TEXTS.lastVerified('')}
              <RelativeTime at={verification.verified_at} />
            </p>
          ) : null}
          {verdict.problem ? <p className="font-medium text-status-fail">{verdict.problem}</p> : null}
          <p>
            {chain.last_checkpoint ? (
              <>
                {AUDIT_CHAIN_TEXTS.lastCheckpoint('')}
                <RelativeTime at={chain.last_checkpoint.signed_at} />
              </>
            ) : (
              AUDIT_CHAIN_TEXTS.lastCheckpoint(AUDIT_CHAIN_TEXTS.noCheckpoint)
            )}
          </p>
          <p>
            {AUDIT_CHAIN_TEXTS.signingKey('')}
            <code className="break-all rounded bg-muted px-1 py-0.5">{chain.key_id}</code>
          </p>
          {canVerify ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={verify.isPending}
                aria-busy={verify.isPending}
                onClick={() =>
                  verify.mutate(undefined, {
                    onError: (error) => toast.error(getErrorMessage(error, AUDIT_CHAIN_TEXTS.verifyFailed)),
                  })
                }
              >
                <RefreshCw
                  aria-hidden
                  className={verify.isPending ? 'motion-safe:animate-spin' : undefined}
                />
                {verify.isPending ? AUDIT_CHAIN_TEXTS.verifying : AUDIT_CHAIN_TEXTS.verifyNow}
              </Button>
              <Button variant="ghost" size="sm" asChild>
                <a href={AUDIT_PUBLIC_KEY_URL} download>
                  <Download aria-hidden />
                  {AUDIT_CHAIN_TEXTS.downloadPublicKey}
                </a>
              </Button>
            </div>
          ) : null}
        </div>
      }
    />
  );
}

/**
 * docs/product.md §2 Compliance center counts: active patterns and approved templates, live; the audit
 * chain as last verified.
 */
export function OverviewCards({ canVerify }: { canVerify: boolean }) {
  const overview = useComplianceOverview();
  if (overview.isPending) return <Spinner label="Loading counts..." className="py-8" />;
  if (overview.isError) {
    return (
      <SectionError
        title={COMPLIANCE_TEXTS.loadFailed}
        error={overview.error}
        onRetry={() => overview.refetch()}
      />
    );
  }
  const { active_patterns, approved_templates, chain } = overview.data;
  return (
    <section aria-label="Compliance counts" className="grid gap-4 md:grid-cols-3">
      <CountCard
        icon={<ShieldCheck aria-hidden className="size-5" />}
        label={COMPLIANCE_TEXTS.activePatterns}
        value={active_patterns}
        detail="Enabled lexicon terms and guardrail patterns"
      />
      <CountCard
        icon={<FileCheck2 aria-hidden className="size-5" />}
        label={COMPLIANCE_TEXTS.approvedTemplates}
        value={approved_templates}
        detail="Ready to insert into drafts"
      />
      <ChainCard chain={chain} canVerify={canVerify} />
    </section>
  );
}
