import { formatRole, type Role } from '@parley/contracts';
import type { EmailContent } from '../email/email-layout';

/** docs/product.md §9: the invitation link is {origin}/auth?token={token}. */
export function invitationUrl(appOrigin: string, token: string): string {
  return `${appOrigin}/auth?token=${token}`;
}

/** The one place an expiry is written for people: a UTC date and time, unambiguous in any country. */
function formatExpiry(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The invitation mail (template 'invitation', transactional): who invites, to what, until when. */
export function invitationEmail(input: {
  url: string;
  organizationName: string;
  inviterName: string | null;
  role: Role;
  expiresAt: Date;
  isResend: boolean;
}): EmailContent {
  const who = input.inviterName ? `${input.inviterName} has invited you` : 'You have been invited';
  return {
    subject: input.isResend
      ? `Reminder: your invitation to ${input.organizationName} on Parley`
      : `You're invited to ${input.organizationName} on Parley`,
    title: `Join ${input.organizationName} on Parley`,
    paragraphs: [
      `${who} to join ${input.organizationName} on Parley, its investor-relations workspace, as ${formatRole(input.role)}.`,
      `Open the link to set your name and password. It works once and expires on ${formatExpiry(input.expiresAt)}.`,
      ...(input.isResend ? ['Any earlier invitation link you received no longer works.'] : []),
    ],
    action: { label: 'Accept invitation', url: input.url },
    footnote:
      'If you did not expect this invitation, you can ignore this e-mail: nothing happens until the link is used.',
  };
}
