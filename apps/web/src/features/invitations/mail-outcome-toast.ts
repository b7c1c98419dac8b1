import { MAIL_DELIVERY_TEXTS, type MailDeliveryStatus } from '@parley/contracts';
import { toast } from 'sonner';

/**
 * The toast after an invitation mail was handed over: the success text only when an SMTP server took
 * it; kept in the outbox (no mail server configured) or not sent yet says so, and points at Copy Link.
 */
export function toastInvitationMail(
  delivery: MailDeliveryStatus,
  texts: { sent: string; kept: string; notSent: string },
) {
  if (delivery === 'sent') {
    toast.success(texts.sent);
  } else if (delivery === 'stored') {
    toast.warning(texts.kept, {
      description: `${MAIL_DELIVERY_TEXTS.stored} Use Copy Link to send the link yourself.`,
    });
  } else {
    toast.warning(texts.notSent, { description: MAIL_DELIVERY_TEXTS.notSent });
  }
}
