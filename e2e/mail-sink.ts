/**
 * The E2E mail server: a real SMTP server on loopback that Parley sends to (SMTP_URL), and a small
 * HTTP API the tests read received mail from. Started by Playwright beside Parley.
 */
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MAIL_API_PORT, SMTP_PORT } from './mail-sink-ports';

/** One mail as the sink keeps it and its API answers it (e2e/fixtures.ts reads it so). */
export type StoredMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
  /** The mail's Message-ID and Reply-To addresses: an investor's answer names the one, goes to the other. */
  messageId: string;
  replyTo: string[];
};
const received: StoredMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) =>
          a.value.map((v) => (v.address ?? '').toLowerCase()),
        );
        const replyTo = (mail.replyTo?.value ?? []).map((v) => (v.address ?? '').toLowerCase());
        received.push({
          to,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: String(mail.html || ''),
          receivedAt: new Date().toISOString(),
          messageId: mail.messageId ?? '',
          replyTo,
        });
        callback();
      })
      .catch(callback);
  },
});

const api = createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${MAIL_API_PORT}`);
  const to = url.searchParams.get('to')?.toLowerCase();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(to ? received.filter((m) => m.to.includes(to)) : received));
});

smtp.listen(SMTP_PORT, '127.0.0.1');
api.listen(MAIL_API_PORT, '127.0.0.1');
const stop = () => {
  smtp.close(() => api.close(() => process.exit(0)));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
