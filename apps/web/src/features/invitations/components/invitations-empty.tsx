import type { InvitationTab } from '@parley/contracts';
import { MailX } from 'lucide-react';

const EMPTY_TEXTS: Record<InvitationTab, { title: string; description: string }> = {
  all: { title: 'No invitations yet', description: 'Invite a colleague with the form above.' },
  pending: { title: 'No pending invitations', description: 'Invitations waiting for an answer appear here.' },
  accepted: {
    title: 'No accepted invitations',
    description: 'Invitations that became accounts appear here.',
  },
  expired: {
    title: 'No expired invitations',
    description: 'Invitations not accepted within 7 days appear here.',
  },
  deleted: { title: 'No deleted invitations', description: 'Invitations you delete stay listed here.' },
};

/** What an empty tab says, and where its invitations would come from. */
export function InvitationsEmpty({ tab }: { tab: InvitationTab }) {
  const empty = EMPTY_TEXTS[tab];
  return (
    <div className="flex flex-col items-center gap-2 py-10 text-center">
      <MailX className="size-6 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium text-sm">{empty.title}</p>
      <p className="text-muted-foreground text-sm">{empty.description}</p>
    </div>
  );
}
