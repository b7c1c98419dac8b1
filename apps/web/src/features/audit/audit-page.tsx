import { ScrollText } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function AuditPage() {
  return (
    <AreaPlaceholder
      title="Audit Logs"
      subtitle="The hash-chained record of every change that matters"
      icon={ScrollText}
      emptyTitle="No audit entries yet"
      emptyDescription="Audit entries arrive with the audit log viewer; nothing here yet."
    />
  );
}
