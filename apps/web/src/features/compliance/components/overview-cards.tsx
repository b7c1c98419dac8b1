import { AUDIT_CHAIN_TEXTS, type AuditChainStatus, COMPLIANCE_TEXTS } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileCheck2, Link2, Link2Off, RefreshCw, ShieldCheck, Unlink } from 'lucide-react';
import { toast } from 'sonner';
import { AUDIT_PUBLIC_KEY_URL, useVerifyAuditChain } from '@/api/audit/verify-audit-chain';
import { complianceKeys } from '@/api/compliance/compliance-keys';
import { KpiCard } from '@/components/kpi-card';
import { RelativeTime } from '@/components/relative-time';
import { SectionError } from '@/components/section-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { chainVerdict } from '@/lib/audit-chain-status';
import { useComplianceOverview } from '../api/get-overview';

const CHAIN_ICONS = {
  pass: <Link2 className="text-status-pass" />,
  fail: <Link2Off className="text-status-fail" />,
  none: <Unlink />,
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
    <KpiCard
      tone={verdict.tone === 'none' ? undefined : verdict.tone}
      icon={CHAIN_ICONS[verdict.tone]}
      label={COMPLIANCE_TEXTS.hashChain}
      value={verdict.label}
    >
      <div className="grid gap-1 text-muted-foreground text-xs">
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
              <RefreshCw aria-hidden className={verify.isPending ? 'motion-safe:animate-spin' : undefined} />
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
    </KpiCard>
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
  const { active_patterns, total_patterns, approved_templates, chain } = overview.data;
  return (
    <section aria-label="Compliance counts" className="grid items-start gap-4 md:grid-cols-3">
      <KpiCard
        icon={<ShieldCheck />}
        label={COMPLIANCE_TEXTS.activePatterns}
        value={active_patterns}
        aside={<span className="text-muted-foreground text-sm">of {total_patterns}</span>}
        hint="Enabled lexicon terms and guardrail patterns"
      />
      <KpiCard
        icon={<FileCheck2 />}
        label={COMPLIANCE_TEXTS.approvedTemplates}
        value={approved_templates}
        hint="Ready to insert into drafts"
      />
      <ChainCard chain={chain} canVerify={canVerify} />
    </section>
  );
}
