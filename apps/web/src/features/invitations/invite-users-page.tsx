import { Page } from '@/components/page';
import { PageHeader } from '@/components/page-header';
import { InvitationsList } from './components/invitations-list';
import { InviteForm } from './components/invite-form';

/** /admin/invite (docs/product.md §2 Invite user): the invitation form above the manage list. */
export function InviteUsersPage() {
  return (
    <Page>
      <PageHeader title="Invite Users" subtitle="Invite staff by e-mail and manage their invitations" />
      <InviteForm />
      <InvitationsList />
    </Page>
  );
}
