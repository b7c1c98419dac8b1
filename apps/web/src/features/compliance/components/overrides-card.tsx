import { type ApprovalOverride, COMPLIANCE_TEXTS } from '@parley/contracts';
import { LoadMore } from '@/components/load-more';
import { type OverrideListItem, OverridesList } from '@/components/overrides-list';
import { SectionError } from '@/components/section-error';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useOverrides } from '../api/overrides';
import { COMPLIANCE_SECTIONS } from '../compliance-sections';
import { SectionTitle } from './section-title';

function listItemOf(item: ApprovalOverride): OverrideListItem {
  return { ...item, terms: [...new Set(item.flags.map((flag) => flag.term))] };
}

/**
 * Overrides: every approval given over an unresolved high-severity flag (GET /api/approvals/overrides),
 * newest first, with the approver's reason; Analytics lists the same for a period.
 */
export function OverridesCard() {
  const list = useOverrides();
  const items = list.data?.pages.flatMap((page) => page.items.map(listItemOf)) ?? [];

  return (
    <Card>
      <CardHeader>
        <SectionTitle section={COMPLIANCE_SECTIONS.overrides} />
        <CardDescription>{COMPLIANCE_TEXTS.overridesDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {list.isPending ? (
          <Spinner label="Loading overrides..." className="py-6" />
        ) : list.isError ? (
          <SectionError
            title={COMPLIANCE_TEXTS.overridesLoadFailed}
            error={list.error}
            onRetry={() => list.refetch()}
          />
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground text-sm">{COMPLIANCE_TEXTS.noOverrides}</p>
        ) : (
          <OverridesList items={items} />
        )}
        <LoadMore query={list} failedText={COMPLIANCE_TEXTS.overridesLoadFailed} />
      </CardContent>
    </Card>
  );
}
