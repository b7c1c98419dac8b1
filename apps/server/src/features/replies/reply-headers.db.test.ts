import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { insertProject } from '../../../test/factories';
import { CLEAN_TEXT, replyScenes, uniqueInvestorEmail } from '../../../test/reply-scene';
import { insertSentMail } from '../../../test/sent-reply';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestContext, json } from '../../../test/test-app';
import { insertInboundEmail, insertThreadMessage } from '../../../test/thread-fixtures';
import { aiResponses, emailOutbox, organizations } from '../../db/schema';
import { messageIdHeaderValue, REFERENCES_MESSAGES_MAX } from './reply-headers';

/**
 * The headers of a reply that bring the investor's answer back into its thread
 * (docs/decisions/058-inbound-email.md), read from the message as the investor's mail server received it.
 */
const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const DOMAIN = 'in.parley.test';
const ctx = await createTestContext({ INBOUND_EMAIL_DOMAIN: DOMAIN }, { mailer: smtp.mailer });
const { saveDraft, post } = replyScenes(ctx);

const MINUTE = 60_000;

async function slugOf(orgId: string) {
  const [org] = await ctx.db
    .select({ slug: organizations.inboundSlug })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return org?.slug ?? '';
}

/** A director of an organisation with a fund named `fundName`. */
async function team(fundName: string) {
  const director = await ctx.signInAs('ir_director');
  const projectId = await insertProject(ctx.db, { orgId: director.orgId, name: fundName });
  return { director, orgId: director.orgId, projectId };
}

async function approve(cookie: string, messageId: string) {
  const draft = await saveDraft(cookie, messageId, CLEAN_TEXT, 0);
  const res = await post(`/api/messages/${messageId}/approve`, cookie, draft);
  expect(res.status, await res.clone().text()).toBe(200);
  expect((await json(res)).delivery).toBe('sent');
}

describe('the headers of a reply sent to an investor', () => {
  it('name the fund’s inbound address, the investor’s mail and the thread’s earlier mail', async () => {
    const { director, orgId, projectId } = await team(`Harbour Fund ${Date.now()}`);
    const email = uniqueInvestorEmail('jane');
    const start = new Date(ctx.clock.now().getTime() - 60 * MINUTE);
    // The investor wrote, Parley answered, the investor wrote again: the reply answers the second mail.
    const first = await insertThreadMessage(ctx.db, {
      orgId,
      projectId,
      investorEmail: email,
      createdAt: start,
    });
    const firstMail = await insertInboundEmail(ctx.db, {
      orgId,
      messageId: first.id,
      fromAddress: email,
      receivedAt: start,
    });
    const earlierReplyMail = await insertSentMail(ctx.db, { orgId, email, text: 'Paid in July.' });
    const earlierReplyId = `<earlier-${Date.now()}@parley.test>`;
    await ctx.db
      .update(emailOutbox)
      .set({ messageId: earlierReplyId, createdAt: new Date(start.getTime() + 10 * MINUTE) })
      .where(eq(emailOutbox.id, earlierReplyMail));
    await ctx.db.insert(aiResponses).values({
      orgId,
      messageId: first.id,
      versionNumber: 1,
      source: 'edited',
      aiDraft: 'Paid in July.',
      finalResponse: 'Paid in July.',
      citations: [],
      provenance: {},
      approvedAt: new Date(start.getTime() + 10 * MINUTE),
      sentEmailId: earlierReplyMail,
    });
    const second = await insertThreadMessage(ctx.db, {
      orgId,
      projectId,
      threadId: first.threadId,
      investorEmail: email,
      subject: 'Re: Q3 distribution',
      createdAt: new Date(start.getTime() + 20 * MINUTE),
    });
    const secondMail = await insertInboundEmail(ctx.db, {
      orgId,
      messageId: second.id,
      fromAddress: email,
      receivedAt: new Date(start.getTime() + 20 * MINUTE),
      // As some mail programs write it: without the angle brackets.
      rfcMessageId: `second-${Date.now()}@mail.investor.test`,
    });

    await approve(director.cookie, second.id);

    const mail = await smtp.mailTo(email);
    expect(mail.header('reply-to')).toMatch(
      new RegExp(`^ir\\+${await slugOf(orgId)}\\.harbour-fund-\\d+@${DOMAIN.replaceAll('.', '\\.')}$`),
    );
    const inReplyTo = `<${secondMail.rfcMessageId}>`;
    expect(mail.header('in-reply-to')).toBe(inReplyTo);
    expect(mail.header('references')).toBe(`${firstMail.rfcMessageId} ${earlierReplyId} ${inReplyTo}`);
    // The outbox keeps them, and the message as sent byte for byte carries them.
    const [sent] = await ctx.db
      .select({ headers: emailOutbox.headers, raw: emailOutbox.rawMessage })
      .from(aiResponses)
      .innerJoin(emailOutbox, eq(emailOutbox.id, aiResponses.sentEmailId))
      .where(eq(aiResponses.messageId, second.id));
    expect(sent?.headers).toMatchObject({ 'In-Reply-To': inReplyTo });
    expect(sent?.raw).toMatch(/^Reply-To: ir\+/m);
    expect(sent?.raw).toContain(`In-Reply-To: ${inReplyTo}`);
  });

  it('carry only Reply-To, the organisation’s address, for a logged message without a fund', async () => {
    const director = await ctx.signInAs('ir_director');
    const email = uniqueInvestorEmail('omar');
    const message = await insertThreadMessage(ctx.db, {
      orgId: director.orgId,
      investorEmail: email,
      createdAt: ctx.clock.now(),
      source: 'compose',
    });
    await approve(director.cookie, message.id);
    const mail = await smtp.mailTo(email);
    expect(mail.header('reply-to')).toBe(`ir+${await slugOf(director.orgId)}@${DOMAIN}`);
    expect(mail.header('in-reply-to')).toBeUndefined();
    expect(mail.header('references')).toBeUndefined();
  });
});

describe('Message-IDs as headers carry them', () => {
  it('keeps a well-formed id in angle brackets and drops anything that could break a header', () => {
    expect(messageIdHeaderValue('<a.b+c@mail.example.com>')).toBe('<a.b+c@mail.example.com>');
    expect(messageIdHeaderValue('a.b@mail.example.com')).toBe('<a.b@mail.example.com>');
    expect(messageIdHeaderValue('<a@b>\r\nBcc: x@y')).toBeNull();
    expect(messageIdHeaderValue('no-at-sign')).toBeNull();
    expect(messageIdHeaderValue('<a b@c>')).toBeNull();
    expect(REFERENCES_MESSAGES_MAX).toBeGreaterThan(1);
  });
});
