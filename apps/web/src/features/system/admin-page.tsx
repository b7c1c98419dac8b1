import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { useSignedInSession } from '@/lib/session';
import { AdminTiles } from './components/admin-tiles';
import { DraftingSettingsCard } from './components/drafting-settings-card';
import { SystemHealthCard } from './components/system-health-card';
import { UserList } from './components/user-list';

/**
 * docs/product.md §2 Admin panel: the tiles, the live System Health card, the AI drafting settings
 * (docs/decisions/025-honest-remote-drafter.md) and the organisation's users.
 */
export function AdminPage() {
  const { user } = useSignedInSession();
  return (
    <Page>
      <PageHeader title="Admin" subtitle="Users, invitations and system health" />
      <AdminTiles />
      <SystemHealthCard />
      <DraftingSettingsCard />
      <UserList currentUserId={user.id} />
    </Page>
  );
}
