import { COMPLIANCE_TEXTS, hasCapability } from '@parley/contracts';
import { Info } from 'lucide-react';
import { useMemo } from 'react';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { SectionError } from '@/components/section-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useSignedInSession } from '@/lib/session';
import { useCompliancePolicy } from './api/policy';
import { useComplianceSettings } from './api/settings';
import { COMPLIANCE_SECTIONS } from './compliance-sections';
import { ApprovalMatrixCard } from './components/approval-matrix-card';
import { ClaimCheckCard } from './components/claim-check-card';
import { ClearedFlagsCard } from './components/cleared-flags-card';
import { DisclaimerCard } from './components/disclaimer-card';
import { LexiconCard } from './components/lexicon-card';
import { LibraryCard } from './components/library-card';
import { NeedsReviewCard } from './components/needs-review-card';
import { OverridesCard } from './components/overrides-card';
import { OverviewCards } from './components/overview-cards';
import { PatternsCard } from './components/patterns-card';
import { SectionNav } from './components/section-nav';
import { TemplatesCard } from './components/templates-card';
import { TryCheckerCard } from './components/try-checker-card';

/**
 * /compliance (docs/product.md §2 Compliance center), live: the counts, the disclaimer block, the forbidden
 * lexicon and patterns the checker uses, the claim check's severity, the drift watch's Needs review queue, the answer library, approved templates and the approval matrix the server
 * enforces with its rules per communication class and the supervisory review sample, the approvals given
 * over high-severity flags; a box to try the checker on any text, and the flags people cleared as 'not a problem here'.
 * Admins and directors change them; other readers see them read-only. 'On this page' links to each
 * section; each rule and setting says who changed it last, linked to that audit entry.
 */
export function CompliancePage() {
  const { role } = useSignedInSession();
  const canManage = hasCapability(role, 'compliance.manage');
  const canCheck = hasCapability(role, 'messages.write');
  // GET /api/approvals/overrides is for reporting.read (apps/server/src/http/policy.ts).
  const canReadOverrides = hasCapability(role, 'reporting.read');
  const settings = useComplianceSettings();
  const policy = useCompliancePolicy();
  const sections = useMemo(
    () =>
      Object.values(COMPLIANCE_SECTIONS).filter(
        (section) =>
          (canCheck || section !== COMPLIANCE_SECTIONS.tryChecker) &&
          (canReadOverrides || section !== COMPLIANCE_SECTIONS.overrides),
      ),
    [canCheck, canReadOverrides],
  );

  return (
    <Page>
      <PageHeader title={COMPLIANCE_TEXTS.pageTitle} subtitle={COMPLIANCE_TEXTS.pageSubtitle} />
      <div className="flex flex-col gap-6 xl:grid xl:grid-cols-[minmax(0,1fr)_12rem] xl:items-start">
        <SectionNav
          sections={sections}
          revision={`${settings.status}-${policy.status}`}
          className="xl:col-start-2 xl:row-start-1"
        />
        <div className="flex min-w-0 flex-col gap-6 xl:col-start-1 xl:row-start-1">
          {!canManage ? (
            <Alert>
              <Info aria-hidden />
              <AlertTitle>Read-only</AlertTitle>
              <AlertDescription>{COMPLIANCE_TEXTS.readOnly}</AlertDescription>
            </Alert>
          ) : null}
          <OverviewCards canVerify={hasCapability(role, 'audit.verify')} />

          {settings.isPending ? (
            <Spinner label="Loading settings..." className="py-8" />
          ) : settings.isError ? (
            <SectionError
              title={COMPLIANCE_TEXTS.loadFailed}
              error={settings.error}
              onRetry={() => settings.refetch()}
            />
          ) : (
            <DisclaimerCard
              key={`d-${settings.data.updated_at}`}
              settings={settings.data}
              canManage={canManage}
            />
          )}

          {policy.isPending ? (
            <Spinner label="Loading the lexicon..." className="py-8" />
          ) : policy.isError ? (
            <SectionError
              title={COMPLIANCE_TEXTS.loadFailed}
              error={policy.error}
              onRetry={() => policy.refetch()}
            />
          ) : (
            <>
              <LexiconCard terms={policy.data.lexicon} canManage={canManage} />
              <PatternsCard patterns={policy.data.patterns} canManage={canManage} />
            </>
          )}

          {settings.data ? (
            <ClaimCheckCard
              key={`c-${settings.data.updated_at}`}
              settings={settings.data}
              canManage={canManage}
            />
          ) : null}

          {settings.data ? (
            <ApprovalMatrixCard
              key={`m-${settings.data.updated_at}`}
              settings={settings.data}
              canManage={canManage}
            />
          ) : null}

          {canReadOverrides ? <OverridesCard /> : null}
          <NeedsReviewCard canReview={canManage} />
          <LibraryCard canManage={canManage} />
          <TemplatesCard canManage={canManage} />
          {canCheck ? <TryCheckerCard /> : null}
          <ClearedFlagsCard canExport={canManage} />
        </div>
      </div>
    </Page>
  );
}
