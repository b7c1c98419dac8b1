import { COMPLIANCE_TEXTS } from '@parley/contracts';
import { FileCheck2, Link2, Link2Off, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { SectionError } from '@/components/section-error';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
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
  tone?: 'pass' | 'fail';
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
          {detail ? <p className="text-muted-foreground text-xs">{detail}</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * docs/product.md §2 Compliance center counts, live: active patterns, approved templates, the audit chain
 * verified now.
 */
export function OverviewCards() {
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
      <CountCard
        tone={chain.verified ? 'pass' : 'fail'}
        icon={
          chain.verified ? (
            <Link2 aria-hidden className="size-5 text-status-pass" />
          ) : (
            <Link2Off aria-hidden className="size-5 text-status-fail" />
          )
        }
        label={COMPLIANCE_TEXTS.hashChain}
        value={chain.verified ? COMPLIANCE_TEXTS.chainVerified : COMPLIANCE_TEXTS.chainBroken}
        detail={
          chain.verified
            ? `${formatNumber(chain.entries)} entries verified`
            : `Verification stopped after ${formatNumber(chain.entries)} entries`
        }
      />
    </section>
  );
}
