import { ChartColumn } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function AnalyticsPage() {
  return (
    <AreaPlaceholder
      title="Analytics"
      subtitle="Drafting, compliance and adoption metrics"
      icon={ChartColumn}
      emptyTitle="No analytics yet"
      emptyDescription="Analytics arrive with event reporting; nothing here yet."
    />
  );
}
