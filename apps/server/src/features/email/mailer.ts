import nodemailer from 'nodemailer';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

/**
 * Where mail leaves Parley. `delivered: false` means it was kept, not sent (no SMTP configured):
 * the outbox row is the record. A failure to send throws.
 */
export type Mailer = { send(mail: OutgoingMail): Promise<{ delivered: boolean; messageId: string | null }> };

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      return { delivered: true, messageId: info.messageId ?? null };
    },
  };
}

/** Without SMTP_URL: mail stays in the outbox table, with one console line so a developer sees it. */
export function createOutboxMailer(options: { announce: (line: string) => void }): Mailer {
  return {
    async send(mail) {
      options.announce(`[mail kept in outbox, no SMTP_URL] to ${mail.to}: ${mail.subject}`);
      return { delivered: false, messageId: null };
    },
  };
}
