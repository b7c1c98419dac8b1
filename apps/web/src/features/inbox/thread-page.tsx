import { MessageSquareText } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';
import { BackLink } from '@/components/back-link';
import { paths } from '@/lib/paths';

export function ThreadPage() {
  return (
    <AreaPlaceholder
      before={<BackLink to={paths.inbox}>Back to Inbox</BackLink>}
      title="Message"
      subtitle="The investor's message and its draft workspace"
      icon={MessageSquareText}
      emptyTitle="Message not available yet"
      emptyDescription="Messages and the draft workspace arrive with message intake and AI drafting; nothing here yet."
    />
  );
}
