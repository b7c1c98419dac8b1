import { hasCapability } from '@parley/contracts';
import { ScrollText } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFundOptions } from '@/api/projects/list-projects';
import { EmptyState } from '@/components/empty-state';
import { LoadMore } from '@/components/load-more';
import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { SearchField } from '@/components/search-field';
import { SectionError } from '@/components/section-error';
import { Card } from '@/components/ui/card';
import { AUDIT_ENTRY_PARAM } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAuditEntries } from './api/list-audit-entries';
import { useAuditMembers } from './api/list-audit-members';
import { type AuditFilters, filterChips, NO_AUDIT_FILTERS } from './audit-filters';
import { AuditEntrySheet } from './components/audit-entry-sheet';
import { AuditFilterChips } from './components/audit-filter-chips';
import { AuditFilterDialog } from './components/audit-filter-dialog';
import { AuditTable, AuditTableSkeleton } from './components/audit-table';
import { EvidencePackDialog } from './components/evidence-pack-dialog';
import { ExportLogsDialog } from './components/export-logs-dialog';

/** The search is sent once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Audit Logs (docs/product.md §2 Audit logs): the organisation's hash-chained log, newest first, searched
 * and filtered on the server, each entry opening to its details and place in the chain, and Export Logs.
 */
export function AuditPage() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  // The open entry lives in the address, so a link can open one entry (paths.auditEntry).
  const [params, setParams] = useSearchParams();
  const openId = params.get(AUDIT_ENTRY_PARAM);
  const setOpenId = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set(AUDIT_ENTRY_PARAM, id);
          else next.delete(AUDIT_ENTRY_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const { role } = useSignedInSession();
  const canExportEvidence = hasCapability(role, 'audit.verify');
  const entries = useAuditEntries(search, filters);
  const members = useAuditMembers();
  const funds = useFundOptions();

  const memberOptions = useMemo(
    () =>
      (members.data?.items ?? []).map((m) => ({
        id: m.id,
        label: m.name === m.email ? m.email : `${m.name} (${m.email})`,
      })),
    [members.data],
  );
  const fundOptions = useMemo(
    () => (funds.data ?? []).map((f) => ({ id: f.id, label: f.name })),
    [funds.data],
  );
  const chips = filterChips(filters, {
    user: (id) => members.data?.items.find((m) => m.id === id)?.name ?? 'Unknown member',
    project: (id) => funds.data?.find((f) => f.id === id)?.name ?? 'Unknown fund',
  });
  const items = entries.data?.pages.flatMap((p) => p.items) ?? [];
  const isNarrowed = search !== '' || chips.length > 0;

  return (
    <Page>
      <PageHeader
        title="Audit Logs"
        subtitle="The hash-chained record of every change that matters, newest first"
        actions={
          <div className="flex flex-wrap gap-2">
            {canExportEvidence ? <EvidencePackDialog funds={fundOptions} /> : null}
            <ExportLogsDialog search={search} filters={filters} />
          </div>
        }
      />
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <SearchField
            id="audit-search"
            label="Search audit entries"
            placeholder="Search by user, action, subject or id..."
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            className="sm:max-w-md"
          />
          <AuditFilterDialog
            filters={filters}
            members={memberOptions}
            funds={fundOptions}
            onApply={setFilters}
          />
        </div>
        <AuditFilterChips chips={chips} onChange={setFilters} />
      </div>

      {entries.isPending ? (
        <AuditTableSkeleton />
      ) : entries.isError && items.length === 0 ? (
        <SectionError
          title="Failed to load audit entries"
          error={entries.error}
          onRetry={() => void entries.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title={isNarrowed ? 'No entries match' : 'No audit entries yet'}
          description={
            isNarrowed
              ? 'Try other words or remove a filter.'
              : 'Every change that matters lands here as it happens: sign-ins, drafts, checks, approvals.'
          }
        />
      ) : (
        <Card className="gap-0 p-2" aria-busy={entries.isFetching && !entries.isFetchingNextPage}>
          <AuditTable entries={items} onOpen={setOpenId} />
        </Card>
      )}
      <LoadMore query={entries} failedText="Failed to load more entries" />
      <AuditEntrySheet entryId={openId} onOpen={setOpenId} onClose={() => setOpenId(null)} />
    </Page>
  );
}
