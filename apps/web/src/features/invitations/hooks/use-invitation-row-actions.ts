import { INVITATION_TEXTS, type Invitation } from '@parley/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useMintInvitationLink } from '../api/copy-invitation-link';
import { useResendInvitation } from '../api/resend-invitation';
import { toastInvitationMail } from '../mail-outcome-toast';

/** Ours: docs/product.md has no text for a resend whose mail failed; the new link replaced the old one. */
const RESENT_BUT_EMAIL_FAILED = (remaining: number) =>
  `Invitation resent, but the email was not sent. ${remaining} resends remaining today.`;
const COPY_LINK_FAILED = 'Failed to copy the invitation link';

/** docs/product.md §8: the resend failure shows ' (N remaining)' when the server says how many remain. */
function resendFailure(error: unknown) {
  const remaining = isApiError(error) && error.code === 'RESEND_LIMIT_REACHED' ? ' (0 remaining)' : '';
  const message = getErrorMessage(error, INVITATION_TEXTS.resendFailed);
  return {
    title: `${INVITATION_TEXTS.resendFailed}${remaining}`,
    description: message === INVITATION_TEXTS.resendFailed ? undefined : message,
  };
}

export type RowBusy = { id: string; action: 'resend' | 'copy' } | null;

/** A row's Resend and Copy Link: which row is busy with what, and the toasts they end with. */
export function useInvitationRowActions() {
  const [busy, setBusy] = useState<RowBusy>(null);
  const resend = useResendInvitation();
  const mintLink = useMintInvitationLink();

  function resendRow(invitation: Invitation) {
    setBusy({ id: invitation.id, action: 'resend' });
    resend.mutate(invitation.id, {
      onSuccess: (result) => {
        toastInvitationMail(result.delivery, {
          sent: INVITATION_TEXTS.resent(result.resends_remaining),
          kept: `New invitation link made. ${result.resends_remaining} resends remaining today.`,
          notSent: RESENT_BUT_EMAIL_FAILED(result.resends_remaining),
        });
      },
      onError: (error) => {
        const { title, description } = resendFailure(error);
        toast.error(title, { description });
      },
      onSettled: () => setBusy(null),
    });
  }

  function copyLink(invitation: Invitation) {
    setBusy({ id: invitation.id, action: 'copy' });
    mintLink.mutate(invitation.id, {
      onSuccess: async ({ url }) => {
        try {
          await navigator.clipboard.writeText(url);
          toast.success(INVITATION_TEXTS.linkCopied);
        } catch {
          // No clipboard (an insecure origin, or permission refused): show the link to copy by hand.
          toast.info('Copy this invitation link', { description: url, duration: Number.POSITIVE_INFINITY });
        }
      },
      onError: (error) => {
        const message = getErrorMessage(error, COPY_LINK_FAILED);
        toast.error(COPY_LINK_FAILED, { description: message === COPY_LINK_FAILED ? undefined : message });
      },
      onSettled: () => setBusy(null),
    });
  }

  return { busy, resendRow, copyLink };
}
