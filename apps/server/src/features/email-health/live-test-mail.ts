import type { EmailContent } from '../email/email-layout';

/**
 * The mails of Run Live Test: a plain notice and one with a button, like an invitation, so both kinds
 * of layout are seen to arrive (docs/email-health.md).
 */
export function liveTestMails(now: Date, appOrigin: string): EmailContent[] {
  const stamp = now.toISOString().replace('T', ' ').slice(0, 16);
  return [
    {
      subject: `Parley live test 1 of 2 (${stamp} UTC)`,
      title: 'Live test: a plain notice',
      paragraphs: [
        'This message was sent by Run Live Test on the Email Health page, through the same outbox and mail server as every other Parley e-mail.',
        'If it reached your inbox, Parley’s mail leaves and arrives. Nothing needs doing.',
      ],
    },
    {
      subject: `Parley live test 2 of 2 (${stamp} UTC)`,
      title: 'Live test: a message with a link',
      paragraphs: [
        'This one carries a button, like invitations and sign-in links do. Opening it shows the Email Health page.',
      ],
      action: { label: 'Open Email Health', url: `${appOrigin}/admin/system/email-health` },
    },
  ];
}
