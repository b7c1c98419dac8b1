import { LayoutDashboard } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function AdminPage() {
  return (
    <AreaPlaceholder
      title="Admin"
      subtitle="Users, invitations and system health"
      icon={LayoutDashboard}
      emptyTitle="Nothing to administer yet"
      emptyDescription="The admin panel arrives with user and system management; nothing here yet."
    />
  );
}
