import { INVITATION_TABS, type InvitationCounts, type InvitationTab } from '@parley/contracts';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TAB_LABELS } from '../tab-labels';

function isTab(value: string): value is InvitationTab {
  return INVITATION_TABS.some((tab) => tab === value);
}

/** The tabs with their counts, and 'Show deleted' (off on the Deleted tab, which shows only those). */
export function InvitationListFilters({
  tab,
  showDeleted,
  counts,
  onTabChange,
  onShowDeletedChange,
  listId,
}: {
  tab: InvitationTab;
  showDeleted: boolean;
  /** Undefined until the first page arrives. */
  counts: InvitationCounts | undefined;
  onTabChange: (tab: InvitationTab) => void;
  onShowDeletedChange: (showDeleted: boolean) => void;
  /** The element the tabs filter (aria-controls). */
  listId: string;
}) {
  const showDeletedId = `${useId()}-show-deleted`;
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <Tabs className="min-w-0" value={tab} onValueChange={(value) => isTab(value) && onTabChange(value)}>
        <TabsList aria-label="Invitation status">
          {INVITATION_TABS.map((value) => (
            <TabsTrigger key={value} value={value} controls={listId}>
              {TAB_LABELS[value]}
              <span className="rounded-sm bg-muted-foreground/15 px-1.5 text-xs tabular-nums">
                {counts ? counts[value] : '–'}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      <div className="flex items-center gap-2">
        <Checkbox
          id={showDeletedId}
          checked={showDeleted}
          disabled={tab === 'deleted'}
          onCheckedChange={(checked) => onShowDeletedChange(checked === true)}
        />
        <Label htmlFor={showDeletedId}>Show deleted</Label>
      </div>
    </div>
  );
}
