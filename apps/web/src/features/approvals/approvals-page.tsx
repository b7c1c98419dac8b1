import { ClipboardCheck } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function ApprovalsPage() {
  return (
    <AreaPlaceholder
      title="Approvals"
      subtitle="Review drafted replies before they are sent"
      icon={ClipboardCheck}
      emptyTitle="No drafts awaiting approval"
      emptyDescription="The approval queue arrives with director approvals; nothing here yet."
    />
  );
}
