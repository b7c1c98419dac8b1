import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createSmtpMailer, type Mailer } from '../src/features/email/mailer';

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** A header's value as it was sent (mailparser restructures some, e.g. List-*). */
  header(name: string): string | undefined;
  /** The message as the server received it, byte for byte. */
  raw: string;
};

function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

/**
 * A real SMTP server on loopback that keeps what it receives: tests send mail over SMTP and read
 * it back, as an investor's mail server would receive it. `failNext` makes it refuse the next mail.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 })),
        );
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      })
        .then(async (raw) => ({ raw: raw.toString('utf8'), mail: await simpleParser(raw) }))
        .then(({ raw, mail }) => {
          const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
            a.value.map((v) => v.address ?? ''),
          );
          received.push({
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: String(mail.html || ''),
            header: (name) => rawHeader(mail, name),
            raw,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const url = `smtp://127.0.0.1:${port}`;
  const mailer: Mailer = createSmtpMailer({ url, from: 'Parley <no-reply@parley.test>' });

  return {
    url,
    mailer,
    received,
    /** The mail sent to an address, waiting briefly for it to arrive. */
    async mailTo(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = [...received].reverse().find((m) => m.to.includes(address));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    failNext(count = 1) {
      refusals += count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
