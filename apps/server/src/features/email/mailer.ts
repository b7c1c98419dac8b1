import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

/** A mail as it leaves Parley: the RFC 5322 message, byte for byte, and its Message-ID. */
export type ComposedMail = { raw: string; messageId: string };

/**
 * Where mail leaves Parley. `compose` writes the message once, so the outbox keeps exactly what was
 * sent and a retry sends the same bytes with the same Message-ID (docs/decisions/031-evidence-packs.md).
 * `delivered: false` means it was kept, not sent (no SMTP configured): the outbox row is the record.
 * A failure to send throws.
 */
export type Mailer = {
  compose(mail: OutgoingMail, date: Date): Promise<ComposedMail>;
  send(mail: { to: string; raw: string }): Promise<{ delivered: boolean }>;
};

function composerFor(from: string) {
  const [sender] = addressparser(from, { flatten: true });
  const domain = sender?.address?.split('@')[1] ?? 'parley.localhost';
  return {
    envelopeFrom: sender?.address ?? from,
    async compose(mail: OutgoingMail, date: Date): Promise<ComposedMail> {
      const messageId = `<${randomUUID()}@${domain}>`;
      // Nodemailer's composer and transport are imported with the first mail, not at start
      // (docs/decisions/045-compiled-server.md).
      const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
      const raw = await new MailComposer({ from, ...mail, date, messageId }).compile().build();
      // SMTP carries CRLF line ends; writing them now makes the kept bytes the bytes on the wire.
      return { raw: raw.toString('utf8').replace(/\r?\n/g, '\r\n'), messageId };
    },
  };
}

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  let transport: Transporter | null = null;
  const composer = composerFor(options.from);
  return {
    compose: composer.compose,
    async send(mail) {
      transport ??= (await import('nodemailer')).default.createTransport(options.url);
      await transport.sendMail({ envelope: { from: composer.envelopeFrom, to: [mail.to] }, raw: mail.raw });
      return { delivered: true };
    },
  };
}

/** Without SMTP_URL: mail stays in the outbox table, with one console line so a developer sees it. */
export function createOutboxMailer(options: { from: string; announce: (line: string) => void }): Mailer {
  return {
    compose: composerFor(options.from).compose,
    async send(mail) {
      const subject = /^Subject: (.*)$/m.exec(mail.raw)?.[1] ?? '';
      options.announce(`[mail kept in outbox, no SMTP_URL] to ${mail.to}: ${subject}`);
      return { delivered: false };
    },
  };
}
