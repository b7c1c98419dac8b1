import { Settings } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function SettingsPage() {
  return (
    <AreaPlaceholder
      title="Settings"
      subtitle="Your profile, email signature and notifications"
      icon={Settings}
      emptyTitle="No settings yet"
      emptyDescription="Profile and notification settings arrive with user settings; nothing here yet."
    />
  );
}
