import { UserPlus } from 'lucide-react';
import { AreaPlaceholder } from '@/components/area-placeholder';

export function InviteUsersPage() {
  return (
    <AreaPlaceholder
      title="Invite Users"
      subtitle="Invite staff and manage their invitations"
      icon={UserPlus}
      emptyTitle="No invitations yet"
      emptyDescription="Invitations arrive with invitation management; nothing here yet."
    />
  );
}
