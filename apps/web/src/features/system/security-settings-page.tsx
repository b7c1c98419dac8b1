import { LockKeyhole } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function SecuritySettingsPage() {
  return (
    <AreaPlaceholder
      title="Security Settings"
      subtitle="Authentication and MFA policies"
      icon={LockKeyhole}
      emptyTitle="No security settings yet"
      emptyDescription="Security policies arrive with MFA and sign-in settings; nothing here yet."
    />
  );
}
