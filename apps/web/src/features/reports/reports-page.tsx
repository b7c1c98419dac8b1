import { FileText } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function ReportsPage() {
  return (
    <AreaPlaceholder
      title="Reports"
      subtitle="Management, compliance and productivity reports"
      icon={FileText}
      emptyTitle="No reports yet"
      emptyDescription="Reports arrive with report generation; nothing here yet."
    />
  );
}
