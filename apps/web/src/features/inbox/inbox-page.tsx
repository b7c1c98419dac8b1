import { Inbox } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function InboxPage() {
  return (
    <AreaPlaceholder
      title="Investor Inbox"
      subtitle="Manage investor communications with AI assistance"
      icon={Inbox}
      emptyTitle="No messages yet"
      emptyDescription="Investor messages arrive with message intake; nothing here yet."
    />
  );
}
