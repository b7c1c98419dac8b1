import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { aiResponses, emailOutbox, inboundEmails, investorMessages, organizations } from '../src/db/schema';
import { inboundAddress } from '../src/features/inbound-email/inbound-address';
import { INBOUND_DOMAIN } from './inbound-fixtures';
import { insertSentReply } from './sent-reply';
import { TEST_ORIGIN, type TestContext } from './test-app';

/** Investors' e-mail as it reaches Parley (docs/decisions/058-inbound-email.md), for the tests. */

export const INBOUND_PATH = '/api/webhooks/inbound-email';

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers a provider's relay signs a raw mail with: HMAC-SHA256 of
 * `${id}.${timestamp}.` and the body's bytes, under the secret's key.
 */
export function inboundWebhookHeaders(
  c: TestContext,
  raw: Buffer,
  options: { secret: string; id?: string; timestamp?: number },
): Record<string, string> {
  const id = options.id ?? `msg_${randomUUID()}`;
  const timestamp = options.timestamp ?? Math.floor(c.clock.now().getTime() / 1000);
  const key = Buffer.from(options.secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(raw).digest('base64');
  return {
    'content-type': 'message/rfc822',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signature}`,
  };
}

/** A raw mail posted as a provider's relay posts it: no cookie, no Origin, signed over its bytes. */
export function postInboundEmail(
  c: TestContext,
  raw: Buffer,
  options: {
    secret: string;
    contentType?: string;
    /** The bytes sent, when they are not the ones signed (a body changed on the way). */
    body?: Buffer;
    id?: string;
    timestamp?: number;
    headers?: Record<string, string>;
  },
) {
  return c.app.request(`${TEST_ORIGIN}${INBOUND_PATH}`, {
    method: 'POST',
    headers: {
      ...inboundWebhookHeaders(c, raw, options),
      ...(options.contentType ? { 'content-type': options.contentType } : {}),
      ...options.headers,
    },
    body: options.body ?? raw,
  });
}

/** Sends raw mail to an SMTP listener on loopback, as an investor's mail server would hand it over. */
export async function sendBySmtp(port: number, raw: Buffer, envelope: { from: string; to: string[] }) {
  const transport = createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail({ envelope, raw });
  } finally {
    transport.close();
  }
}

/**
 * A raw SMTP conversation on loopback: the greeting, then each command (sent with CRLF) and the reply to
 * it, whole (every line of a multi-line reply). For what nodemailer will not send: the null sender, SIZE.
 */
export async function smtpDialogue(port: number, commands: readonly (string | Buffer)[]): Promise<string[]> {
  const socket = connect(port, '127.0.0.1');
  let buffered = '';
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    waiting?.();
  });
  const failed = new Promise<never>((_, reject) => socket.once('error', reject));
  const nextReply = async (): Promise<string> => {
    for (;;) {
      const end = /(^|\r\n)\d{3} [^\r\n]*\r\n/.exec(buffered);
      if (end) {
        const reply = buffered.slice(0, end.index + end[0].length);
        buffered = buffered.slice(reply.length);
        return reply.trimEnd();
      }
      await Promise.race([new Promise<void>((resolve) => (waiting = resolve)), failed]);
    }
  };
  try {
    const replies = [await nextReply()];
    for (const command of commands) {
      socket.write(typeof command === 'string' ? `${command}\r\n` : command);
      replies.push(await nextReply());
    }
    return replies;
  } finally {
    socket.destroy();
  }
}

/** The organisation's inbound address, `ir+{slug}[.{fund}]@in.parley.test`. */
export async function inboundAddressOf(c: TestContext, orgId: string, fundName?: string) {
  const [org] = await c.db
    .select({ slug: organizations.inboundSlug })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) throw new Error('no organisation');
  return inboundAddress(INBOUND_DOMAIN, org.slug, fundName);
}

/**
 * A thread Parley answered: the investor's message (resolved, in `projectId`, owned by `ownerId`) and
 * the reply sent to them, whose Message-ID the investor's answer names.
 */
export async function insertAnsweredThread(
  c: TestContext,
  input: { orgId: string; email: string; projectId?: string; ownerId?: string },
) {
  const messageId = await insertSentReply(c.db, {
    orgId: input.orgId,
    email: input.email,
    text: 'Dear Jane, the Q3 distribution was paid on 15 November.',
    approvedAt: c.clock.now(),
  });
  await c.db
    .update(investorMessages)
    .set({ projectId: input.projectId ?? null, ownerId: input.ownerId ?? null })
    .where(eq(investorMessages.id, messageId));
  const sentMessageId = `<${randomUUID()}@parley.test>`;
  const [reply] = await c.db
    .select({ outboxId: aiResponses.sentEmailId })
    .from(aiResponses)
    .where(eq(aiResponses.messageId, messageId));
  if (!reply?.outboxId) throw new Error('no sent reply');
  await c.db.update(emailOutbox).set({ messageId: sentMessageId }).where(eq(emailOutbox.id, reply.outboxId));
  // The investor's answer comes later than the thread it answers.
  c.clock.advance(1000);
  return { messageId, sentMessageId };
}

/** A short plain-text mail, for tests that need many distinct ones. */
export function plainMail(input: {
  from: string;
  to: string;
  messageId: string;
  subject?: string;
  text?: string;
  headers?: string[];
}): Buffer {
  return Buffer.from(
    [
      `From: ${input.from}`,
      `To: ${input.to}`,
      `Subject: ${input.subject ?? 'A question'}`,
      `Message-ID: ${input.messageId}`,
      ...(input.headers ?? []),
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      input.text ?? 'When is the next capital call?',
      '',
    ].join('\r\n'),
  );
}

/** The organisation's received mail, oldest first. */
export const inboundRowsOf = (c: TestContext, orgId: string) =>
  c.db
    .select()
    .from(inboundEmails)
    .where(eq(inboundEmails.orgId, orgId))
    .orderBy(asc(inboundEmails.receivedAt));

/** The organisation's messages, oldest first. */
export const messagesOf = (c: TestContext, orgId: string) =>
  c.db
    .select()
    .from(investorMessages)
    .where(eq(investorMessages.orgId, orgId))
    .orderBy(asc(investorMessages.createdAt));
