import { z } from 'zod';

/**
 * Where a mail Parley was asked to send stands (the outbox row's status): sent (an SMTP server took
 * it), stored (no SMTP server is configured: it waits in the outbox), queued (not tried yet, or
 * its outcome could not be recorded: the retry job takes it), failed (refused; retried with
 * backoff), suppressed (the address unsubscribed from that kind of mail).
 */
export const MAIL_DELIVERY_STATUSES = ['queued', 'sent', 'stored', 'failed', 'suppressed'] as const;
export type MailDeliveryStatus = (typeof MAIL_DELIVERY_STATUSES)[number];
export const mailDeliverySchema = z.enum(MAIL_DELIVERY_STATUSES);

/** What the UI says of a mail that did not leave (docs/product.md §8). */
export const MAIL_DELIVERY_TEXTS = {
  stored: 'No mail server is configured, so the e-mail was kept in the outbox and not sent.',
  notSent: 'The e-mail could not be sent yet. Parley keeps trying.',
} as const;
