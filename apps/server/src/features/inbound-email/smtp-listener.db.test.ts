import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INBOUND_EMAIL_MAX_BYTES } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port';
import { INBOUND_DOMAIN, inboundFixture } from '../../../test/inbound-fixtures';
import {
  inboundAddressOf,
  inboundRowsOf,
  insertAnsweredThread,
  messagesOf,
  plainMail,
  sendBySmtp,
  smtpDialogue,
} from '../../../test/inbound-mail';
import { createTestContext, testLogger } from '../../../test/test-app';
import { messageAttachments } from '../../db/schema';
import type { IngestContext } from './inbound-email.service';
import { isInboundSmtpListening, startInboundSmtpListener } from './smtp-listener';

const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-inbound-smtp-'));
const ctx = await createTestContext({ DATA_DIR: dataDir, INBOUND_EMAIL_DOMAIN: INBOUND_DOMAIN });
const ingest: IngestContext = {
  ...ctx.emailDeps,
  config: ctx.config,
  attachmentsRoot: ctx.config.attachmentsDir,
};
const listener = await startInboundSmtpListener(ingest, { port: await freePort(), host: '127.0.0.1' });
afterAll(() => listener.close());

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/inbound');

const inboundRows = (orgId: string) => inboundRowsOf(ctx, orgId);
const messagesOfOrg = (orgId: string) => messagesOf(ctx, orgId);

async function organisation() {
  const orgId = await ctx.createOrg();
  return { orgId, address: await inboundAddressOf(ctx, orgId) };
}

/** Sends over SMTP and moves the clock on a second, so mails keep their order. */
async function send(raw: Buffer, envelope: { from: string; to: string[] }) {
  const info = await sendBySmtp(listener.port, raw, envelope);
  ctx.clock.advance(1000);
  return info;
}

/** The EHLO reply's keywords (`SIZE 26214400`, `STARTTLS`, …), and the greeting. */
async function greetingAndKeywords(port: number) {
  const [greeting = '', ehlo = ''] = await smtpDialogue(port, ['EHLO investor.example', 'QUIT']);
  return { greeting, keywords: ehlo.split('\r\n').map((line) => line.slice(4)) };
}

describe('the SMTP listener', () => {
  it('greets as Parley, offers no AUTH and, without a certificate, no STARTTLS, and states the size limit', async () => {
    expect(isInboundSmtpListening()).toBe(true);
    const { greeting, keywords } = await greetingAndKeywords(listener.port);
    expect(greeting).toMatch(/^220 .*Parley/);
    expect(keywords).toContain(`SIZE ${INBOUND_EMAIL_MAX_BYTES}`);
    expect(keywords.filter((k) => /^(AUTH|STARTTLS)\b/.test(k))).toEqual([]);
  });

  it('takes an investor’s mail for an organisation’s address, with its envelope', async () => {
    const { orgId, address } = await organisation();
    const info = await send(inboundFixture('plain.eml', { TO: address }), {
      from: 'bounces+jane@example.com',
      to: [address],
    });
    expect(info.accepted).toEqual([address]);
    const [row] = await inboundRows(orgId);
    expect(row).toMatchObject({
      via: 'smtp',
      envelopeFrom: 'bounces+jane@example.com',
      outcome: 'new_thread',
      rfcMessageId: '<plain-1@mail.example.com>',
    });
    const [message] = await messagesOfOrg(orgId);
    expect(message).toMatchObject({
      id: row?.messageId,
      source: 'email',
      senderUnknown: true,
      investorEmail: 'jane.investor@example.com',
      subject: 'Q3 distribution timing',
    });
    // A second delivery (a retrying MX) is stored nowhere.
    await send(inboundFixture('plain.eml', { TO: address }), {
      from: 'bounces+jane@example.com',
      to: [address],
    });
    expect(await inboundRows(orgId)).toHaveLength(1);
  });

  it('threads a reply, keeps its attachments and reads 8-bit windows-1252 as sent', async () => {
    const { orgId, address } = await organisation();
    const email = `jane.${randomUUID().slice(0, 8)}@example.com`;
    const thread = await insertAnsweredThread(ctx, { orgId, email });
    const envelope = { from: email, to: [address] };
    await send(
      inboundFixture('reply.eml', {
        TO: address,
        FROM: email,
        MESSAGE_ID: '<smtp-reply@mail.example.com>',
        IN_REPLY_TO: thread.sentMessageId,
      }),
      envelope,
    );
    await send(inboundFixture('attachments.eml', { TO: address }), envelope);
    await send(inboundFixture('windows-1252.eml', { TO: address }), envelope);

    const messages = await messagesOfOrg(orgId);
    expect(messages.map((m) => [m.threadId === thread.messageId, m.threadLatest])).toEqual([
      [true, false],
      [true, true],
      [false, true],
      [false, true],
    ]);
    const attachments = await ctx.db
      .select({ fileName: messageAttachments.fileName, contentType: messageAttachments.contentType })
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, messages[2]?.id ?? ''));
    expect(attachments).toHaveLength(4);
    expect(attachments).toContainEqual({ fileName: 'subscription.pdf', contentType: 'application/pdf' });
    expect(messages[3]?.bodyText).toBe('The “management fee” of €40,000 – is it final? Merci, Clément.');
  });

  it('gives each organisation among the recipients its own copy', async () => {
    const one = await organisation();
    const two = await organisation();
    await send(plainMail({ from: 'ann@example.com', to: one.address, messageId: '<both@x.example>' }), {
      from: 'ann@example.com',
      to: [one.address, two.address],
    });
    expect(await messagesOfOrg(one.orgId)).toHaveLength(1);
    expect(await messagesOfOrg(two.orgId)).toHaveLength(1);
  });

  it('refuses at RCPT an address that is not an existing organisation’s', async () => {
    const { orgId, address } = await organisation();
    const raw = plainMail({ from: 'ann@example.com', to: address, messageId: '<rcpt@x.example>' });
    const strangers = [
      `ir+no-such-org@${INBOUND_DOMAIN}`,
      'ir+acme@elsewhere.example',
      `ir@${INBOUND_DOMAIN}`,
    ];
    await expect(send(raw, { from: 'ann@example.com', to: strangers })).rejects.toMatchObject({
      code: 'EENVELOPE',
    });
    const replies = await smtpDialogue(listener.port, [
      'EHLO investor.example',
      'MAIL FROM:<ann@example.com>',
      `RCPT TO:<${strangers[0]}>`,
      'QUIT',
    ]);
    expect(replies[3]).toMatch(/^550 5\.1\.1 /);
    const info = await send(raw, { from: 'ann@example.com', to: [address, ...strangers] });
    expect(info.accepted).toEqual([address]);
    expect(info.rejected).toEqual(strangers);
    expect(await inboundRows(orgId)).toHaveLength(1);
  });

  it('takes the null sender’s mail for a bounce', async () => {
    const { orgId, address } = await organisation();
    const raw = plainMail({
      from: 'Ann <ann@example.com>',
      to: address,
      messageId: '<null-sender@x.example>',
    });
    const replies = await smtpDialogue(listener.port, [
      'EHLO mx.example',
      'MAIL FROM:<>',
      `RCPT TO:<${address}>`,
      'DATA',
      Buffer.concat([raw, Buffer.from('\r\n.\r\n')]),
      'QUIT',
    ]);
    expect(replies[5]).toMatch(/^250 /);
    expect((await inboundRows(orgId)).map((r) => [r.outcome, r.envelopeFrom])).toEqual([['bounce', '']]);
    expect(await messagesOfOrg(orgId)).toEqual([]);
  });

  it('refuses a mail over the size limit with 552, declared or not', async () => {
    const { orgId, address } = await organisation();
    const declared = await smtpDialogue(listener.port, [
      'EHLO investor.example',
      `MAIL FROM:<ann@example.com> SIZE=${INBOUND_EMAIL_MAX_BYTES + 1}`,
      'QUIT',
    ]);
    expect(declared[2]).toMatch(/^552 /);
    const head = plainMail({ from: 'ann@example.com', to: address, messageId: '<huge@x.example>' });
    const huge = Buffer.concat([head, Buffer.alloc(INBOUND_EMAIL_MAX_BYTES, 'a'), Buffer.from('\r\n')]);
    await expect(send(huge, { from: 'ann@example.com', to: [address] })).rejects.toMatchObject({
      responseCode: 552,
    });
    expect(await inboundRows(orgId)).toEqual([]);
  });

  it('answers 451 and logs it when the mail cannot be stored, so the sender retries', async () => {
    const { orgId, address } = await organisation();
    const logged: string[] = [];
    const notADirectory = path.join(dataDir, 'not-a-directory');
    writeFileSync(notADirectory, '');
    const failing = await startInboundSmtpListener(
      {
        ...ingest,
        attachmentsRoot: notADirectory,
        logger: { ...testLogger, error: (message) => logged.push(message) },
      },
      { port: 0, host: '127.0.0.1' },
    );
    try {
      await expect(
        sendBySmtp(failing.port, inboundFixture('attachments.eml', { TO: address }), {
          from: 'jane@example.com',
          to: [address],
        }),
      ).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      await failing.close();
    }
    expect(logged).toEqual(['inbound SMTP: the mail could not be stored']);
    expect(await inboundRows(orgId)).toEqual([]);
  });

  it('offers STARTTLS with the configured certificate and takes mail over it', async () => {
    const { orgId, address } = await organisation();
    const secured = await startInboundSmtpListener(ingest, {
      port: await freePort(),
      host: '127.0.0.1',
      tls: { certPath: path.join(FIXTURES, 'tls-cert.pem'), keyPath: path.join(FIXTURES, 'tls-key.pem') },
    });
    try {
      const { keywords } = await greetingAndKeywords(secured.port);
      expect(keywords).toContain('STARTTLS');
      expect(keywords.filter((k) => k.startsWith('AUTH'))).toEqual([]);
      const transport = createTransport({
        host: '127.0.0.1',
        port: secured.port,
        secure: false,
        requireTLS: true,
        tls: { rejectUnauthorized: false },
      });
      try {
        await transport.sendMail({
          envelope: { from: 'ann@example.com', to: [address] },
          raw: plainMail({ from: 'ann@example.com', to: address, messageId: '<tls@x.example>' }),
        });
      } finally {
        transport.close();
      }
    } finally {
      await secured.close();
    }
    expect(await inboundRows(orgId)).toHaveLength(1);
  });

  it('stops listening when closed', async () => {
    const other = await startInboundSmtpListener(ingest, { port: 0, host: '127.0.0.1' });
    await other.close();
    await expect(smtpDialogue(other.port, ['QUIT'])).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
