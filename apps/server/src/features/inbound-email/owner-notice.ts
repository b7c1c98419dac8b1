import type { Tx } from '../../db/client';
import { type EmailDeps, queueEmail } from '../email/email.service';
import type { EmailContent } from '../email/email-layout';
import { notifyMembers } from '../notifications/notifications.service';
import { listOrgRecipients } from '../notifications/recipients';
import { threadUrl } from '../notifications/thread-url';
import { wantsInvestorReplyEmails } from './inbound-email.queries';

/** To a thread's owner: the investor wrote again (template 'investor_replied', transactional). */
export function investorRepliedEmail(input: {
  investorName: string;
  subject: string;
  url: string;
}): EmailContent {
  return {
    subject: `${input.investorName} wrote again: ${input.subject}`,
    title: 'An investor wrote again in your thread',
    paragraphs: [
      `${input.investorName} answered in “${input.subject}”, a thread you own.`,
      'Open the thread to read the message and reply.',
    ],
    action: { label: 'Open the thread', url: input.url },
    footnote: 'You receive this because investor reply notifications are on in your Parley settings.',
  };
}

/**
 * Inside the ingesting transaction: tells the member who owns the thread that the investor wrote again
 * (docs/decisions/058-inbound-email.md) — in-app always, by e-mail unless their 'Investor Replies'
 * setting is off. An owner who is no longer an active member is told nothing. Returns the outbox ids
 * to deliver after commit.
 */
export async function notifyThreadOwner(
  tx: Tx,
  deps: Pick<EmailDeps, 'clock' | 'appOrigin' | 'unsubscribeKey'>,
  input: {
    orgId: string;
    ownerId: string;
    messageId: string;
    threadId: string;
    investorName: string;
    subject: string;
    now: Date;
  },
): Promise<string[]> {
  const owner = (await listOrgRecipients(tx, input.orgId)).filter((m) => m.userId === input.ownerId);
  const [recipient] = owner;
  if (!recipient) return [];
  await notifyMembers(tx, deps, {
    orgId: input.orgId,
    recipients: owner,
    kind: 'investor_replied',
    messageId: input.messageId,
    title: `${input.investorName} wrote again: ${input.subject}`,
    body: `${input.investorName} answered in a thread you own.`,
    // The setting that governs this mail is notify_investor_replies, not the approval ones notifyMembers reads.
    email: null,
    now: input.now,
  });
  if (!(await wantsInvestorReplyEmails(tx, recipient.userId))) return [];
  const { outboxId, isSuppressed } = await queueEmail(tx, deps, {
    orgId: input.orgId,
    to: recipient.email,
    template: 'investor_replied',
    category: 'transactional',
    content: investorRepliedEmail({
      investorName: input.investorName,
      subject: input.subject,
      url: threadUrl(deps.appOrigin, input.threadId),
    }),
  });
  return isSuppressed ? [] : [outboxId];
}
