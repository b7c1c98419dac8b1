import type { EmailContent } from '../email/email-layout';

/** Paragraphs of a reply: the text split on blank lines, empty ones dropped. */
export function replyParagraphs(text: string): string[] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The approved reply to the investor (template 'investor_reply', transactional). */
export function investorReplyEmail(input: { subject: string; text: string }): EmailContent {
  const subject = /^re:/i.test(input.subject.trim()) ? input.subject.trim() : `Re: ${input.subject.trim()}`;
  return { subject, title: subject, paragraphs: replyParagraphs(input.text) };
}

/** To directors and admins: a reply waits for their approval. */
export function approvalRequestedEmail(input: {
  submitterName: string;
  investorName: string;
  subject: string;
  url: string;
}): EmailContent {
  return {
    subject: `Approval requested: ${input.subject}`,
    title: 'A reply is waiting for your approval',
    paragraphs: [
      `${input.submitterName} submitted a reply to ${input.investorName} (“${input.subject}”) for approval.`,
      'Review the draft and approve and send it, or request changes.',
    ],
    action: { label: 'Review the draft', url: input.url },
    footnote: 'You receive this because approval request notifications are on in your Parley settings.',
  };
}

/** To the submitter: the decision on their reply. */
export function approvalDecidedEmail(input: {
  decision: 'approved' | 'changes_requested';
  deciderName: string;
  investorName: string;
  subject: string;
  comment: string | null;
  url: string;
}): EmailContent {
  const approved = input.decision === 'approved';
  return {
    subject: `${approved ? 'Approved and sent' : 'Changes requested'}: ${input.subject}`,
    title: approved ? 'Your reply was approved and sent' : 'Changes were requested on your reply',
    paragraphs: [
      approved
        ? `${input.deciderName} approved your reply to ${input.investorName} (“${input.subject}”) and it was sent.`
        : `${input.deciderName} asked for changes to your reply to ${input.investorName} (“${input.subject}”).`,
      ...(input.comment ? [`Comment: ${input.comment}`] : []),
    ],
    action: { label: 'Open the thread', url: input.url },
    footnote: 'You receive this because approval request notifications are on in your Parley settings.',
  };
}
