import { Activity } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function EmailHealthPage() {
  return (
    <AreaPlaceholder
      title="Email Health"
      subtitle="Delivery checks, KPIs and recent email events of the last 7 days"
      icon={Activity}
      emptyTitle="No health report yet"
      emptyDescription="Health checks, KPIs and recent events arrive with email delivery monitoring; nothing here yet."
    />
  );
}
