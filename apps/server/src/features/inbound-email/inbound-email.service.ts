import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { InboundOutcome, InboundStatus, InboundWebhookResponse } from '@parley/contracts';
import type { ServiceContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { appendAudit } from '../../lib/audit';
import { privateFilePath, writePrivateFile } from '../../lib/private-files';
import { notifyOrg } from '../../lib/realtime';
import { deliverAll, type EmailDeps } from '../email/email.service';
import { computeSentiment, suggestTopics } from '../messages/message-nlp';
import { type MailAttachment, recogniseAttachmentType, selectAttachments } from './attachment-files';
import { classifyMail } from './classify-email';
import { inboundAddress, parseInboundAddress, slugOf } from './inbound-address';
import {
  findInvestorLatestFund,
  findOrganizationInboundSlug,
  findOrganizationsBySlugs,
  findReceivedEmail,
  findThreadsByMessageIds,
  hasMessageFrom,
  insertInboundEmail,
  insertInboundMessage,
  insertMessageAttachments,
  listOrganizationFunds,
  listRecentInboundEmails,
  lockThreadHead,
  setInboundEmailMessage,
  supersedeThreadHead,
  type ThreadHead,
} from './inbound-email.queries';
import { composeBodyText } from './inbound-text';
import { notifyThreadOwner } from './owner-notice';
import { type ParsedEmail, parseEmail } from './parse-email';

/**
 * Investors' e-mail into the inbox (docs/decisions/058-inbound-email.md): one ingestion for the webhook
 * and the SMTP listener. Every accepted mail is an inbound_emails row with its raw bytes; a person's
 * mail becomes a message that joins the thread it answers or starts one; auto-replies and bounces stay
 * rows only; a second delivery of a Message-ID stores nothing.
 */

export type IngestContext = Pick<ServiceContext, 'config' | 'attachmentsRoot'> & EmailDeps;

export type InboundVia = 'webhook' | 'smtp';

export type IngestInput = {
  raw: Buffer;
  via: InboundVia;
  /** The SMTP envelope: MAIL FROM ('' for the null sender) and the accepted RCPT TO addresses. */
  envelope?: { from: string; to: readonly string[] };
};

/** None of the mail's recipients is an organisation's inbound address: nothing was stored. */
export class UnknownRecipientError extends Error {
  constructor(readonly addresses: readonly string[]) {
    super('no recipient is an organisation’s inbound address');
  }
}

/**
 * Reads of a thread's newest message: each read that finds it superseded by a mail joining at the same
 * time (which committed while this one waited for the lock) reads again, so this many mails may join one
 * thread at once. A thread left with no newest message at all (its messages removed) is answered as if
 * it were not found: the mail starts a thread of its own rather than being refused for ever.
 */
const LOCK_ATTEMPTS = 10;

type Recipient = { orgId: string; fundSlug: string | null };

/**
 * The organisation (and the fund its address names) of the first address that is one of an existing
 * organisation's; null when none is. Addresses of other domains are ignored.
 */
export async function findInboundRecipient(
  db: DbOrTx,
  domain: string,
  addresses: readonly string[],
): Promise<Recipient | null> {
  const parsed = addresses
    .map((address) => parseInboundAddress(address, domain))
    .filter((recipient) => recipient !== null);
  const orgs = await findOrganizationsBySlugs(db, [...new Set(parsed.map((r) => r.orgSlug))]);
  for (const recipient of parsed) {
    const org = orgs.find((o) => o.inboundSlug === recipient.orgSlug);
    if (org) return { orgId: org.id, fundSlug: recipient.fundSlug };
  }
  return null;
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type StoredFile = { id: string; storageKey: string; fileName: string; content: Buffer; contentType: string };

/** Writes the attachments before the transaction (0600); the caller removes them if it does not commit. */
async function writeAttachmentFiles(
  root: string,
  orgId: string,
  attachments: readonly MailAttachment[],
): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  try {
    for (const attachment of attachments) {
      const id = randomUUID();
      const storageKey = `${orgId}/${id}`;
      await writePrivateFile(root, storageKey, attachment.content);
      stored.push({
        ...attachment,
        id,
        storageKey,
        contentType: recogniseAttachmentType(attachment.content),
      });
    }
  } catch (error) {
    await removeAttachmentFiles(root, stored);
    throw error;
  }
  return stored;
}

async function removeAttachmentFiles(root: string, files: readonly StoredFile[]) {
  for (const file of files) await rm(privateFilePath(root, file.storageKey), { force: true });
}

/**
 * A new thread's fund: the one the address names (its name in slug form; an active one before a closed
 * one of the same slug), else the fund of the investor's latest message that has one, else the
 * organisation's only active fund, else none (a member chooses it).
 */
async function chooseFund(
  tx: Tx,
  input: { orgId: string; fundSlug: string | null; fromAddress: string },
): Promise<string | null> {
  const funds = await listOrganizationFunds(tx, input.orgId);
  if (input.fundSlug) {
    const named = funds.filter((fund) => slugOf(fund.name) === input.fundSlug);
    const fund = named.find((f) => f.status === 'active') ?? named[0];
    if (fund) return fund.id;
  }
  const latest = await findInvestorLatestFund(tx, input.orgId, input.fromAddress);
  if (latest) return latest;
  const active = funds.filter((fund) => fund.status === 'active');
  return active.length === 1 && active[0] ? active[0].id : null;
}

/** The thread the mail answers, nearest id first (In-Reply-To, then References from the last). */
async function findAnsweredThread(tx: Tx, orgId: string, answeredIds: readonly string[]) {
  const matches = await findThreadsByMessageIds(tx, orgId, answeredIds);
  for (const id of answeredIds) {
    const match = matches.find((m) => m.rfcId === id);
    if (match) return match.threadId;
  }
  return null;
}

/** The thread's newest message, locked; read again when a mail joining at the same time superseded it. */
async function lockHeadOf(tx: Tx, orgId: string, threadId: string): Promise<ThreadHead | null> {
  for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
    const head = await lockThreadHead(tx, orgId, threadId);
    if (head) return head;
  }
  return null;
}

const DUPLICATE = { outcome: 'duplicate', message_id: null, thread_id: null } as const;

export async function ingestInboundEmail(
  ctx: IngestContext,
  input: IngestInput,
): Promise<InboundWebhookResponse> {
  const inbound = ctx.config.inbound;
  if (!inbound) throw new Error('inbound e-mail is not configured (INBOUND_EMAIL_DOMAIN)');
  const parsed = await parseEmail(input.raw);
  const addresses = input.envelope ? input.envelope.to : parsed.recipients;
  const recipient = await findInboundRecipient(ctx.db, inbound.domain, addresses);
  if (!recipient) throw new UnknownRecipientError(addresses);

  const row = {
    orgId: recipient.orgId,
    receivedAt: ctx.clock.now(),
    via: input.via,
    rfcMessageId: parsed.rfcMessageId,
    fromAddress: parsed.fromAddress,
    envelopeFrom: input.envelope ? input.envelope.from.toLowerCase() : null,
    subject: parsed.subject,
    sizeBytes: input.raw.byteLength,
    sha256: sha256Hex(input.raw),
    raw: input.raw,
  };
  const machine = classifyMail({
    headers: parsed.headers,
    envelopeFrom: input.envelope?.from,
    fromAddress: parsed.fromAddress,
  });
  if (machine) return recordMachineMail(ctx, { ...row, outcome: machine });

  // A redelivery is answered before any file is written; one racing this is caught by the insert.
  const earlier = await findReceivedEmail(ctx.db, recipient.orgId, parsed.rfcMessageId);
  if (earlier) return { ...DUPLICATE, message_id: earlier.messageId, thread_id: earlier.threadId };

  const { kept, note } = selectAttachments(parsed.attachments);
  const body = composeBodyText(parsed.text, note ? [note] : []);
  const topics = suggestTopics(parsed.subject, body);
  const sentiment = await computeSentiment(parsed.subject, body);
  const files = await writeAttachmentFiles(ctx.attachmentsRoot, recipient.orgId, kept);
  let result: { answer: InboundWebhookResponse; outboxIds: string[] };
  try {
    result = await ctx.db.transaction((tx) =>
      storePersonMail(tx, ctx, { row, recipient, parsed, body, topics, sentiment, files }),
    );
  } catch (error) {
    await removeAttachmentFiles(ctx.attachmentsRoot, files);
    throw error;
  }
  if (result.answer.outcome === 'duplicate') await removeAttachmentFiles(ctx.attachmentsRoot, files);
  await deliverAll(ctx, result.outboxIds);
  return result.answer;
}

type InboundRow = Omit<Parameters<typeof insertInboundEmail>[1], 'outcome'>;

/** An auto-reply or a bounce: its row and an audit entry, no message. */
async function recordMachineMail(
  ctx: IngestContext,
  row: InboundRow & { outcome: 'auto_reply' | 'bounce' },
): Promise<InboundWebhookResponse> {
  return ctx.db.transaction(async (tx) => {
    const id = await insertInboundEmail(tx, row);
    if (!id) return DUPLICATE;
    await appendAudit(tx, ctx.clock, {
      orgId: row.orgId,
      actorId: null,
      actionType: 'inbound_email_received',
      entityType: 'inbound_email',
      entityId: id,
      details: { outcome: row.outcome, via: row.via },
    });
    return { outcome: row.outcome, message_id: null, thread_id: null };
  });
}

/**
 * A person's mail, in one transaction: its row (or nothing, for a second delivery), the message in the
 * thread it answers — superseding that thread's newest — or in a new one, its attachments' rows, the
 * audit entry, the realtime event, and the thread owner's notice.
 */
async function storePersonMail(
  tx: Tx,
  ctx: IngestContext,
  input: {
    row: InboundRow;
    recipient: Recipient;
    parsed: ParsedEmail;
    body: string;
    topics: string[];
    sentiment: number;
    files: readonly StoredFile[];
  },
): Promise<{ answer: InboundWebhookResponse; outboxIds: string[] }> {
  const { row, parsed } = input;
  const orgId = row.orgId;
  const now = row.receivedAt;
  const answeredThread = await findAnsweredThread(tx, orgId, parsed.answeredIds);
  const head = answeredThread ? await lockHeadOf(tx, orgId, answeredThread) : null;
  const outcome: InboundOutcome = head ? 'threaded' : 'new_thread';
  const inboundId = await insertInboundEmail(tx, { ...row, outcome });
  if (!inboundId) return { answer: DUPLICATE, outboxIds: [] };

  const senderUnknown = !head && !(await hasMessageFrom(tx, orgId, parsed.fromAddress));
  const projectId = head
    ? head.projectId
    : await chooseFund(tx, { orgId, fundSlug: input.recipient.fundSlug, fromAddress: parsed.fromAddress });
  const message = await insertInboundMessage(tx, {
    orgId,
    projectId,
    investorName: parsed.fromName,
    investorEmail: parsed.fromAddress,
    subject: parsed.subject,
    bodyText: input.body,
    topics: input.topics,
    sentimentScore: input.sentiment,
    status: 'open',
    createdBy: null,
    createdAt: now,
    updatedAt: now,
    source: 'email',
    senderUnknown,
    // A thread keeps its owner as its newest message changes (docs/decisions/050-triage-unread-and-owner.md).
    ...(head && answeredThread ? { threadId: answeredThread, ownerId: head.ownerId } : {}),
  });
  if (head) await supersedeThreadHead(tx, head.id, now);
  await setInboundEmailMessage(tx, inboundId, message.id);
  await insertMessageAttachments(
    tx,
    input.files.map((file) => ({
      id: file.id,
      orgId,
      messageId: message.id,
      fileName: file.fileName,
      contentType: file.contentType,
      sizeBytes: file.content.byteLength,
      sha256: sha256Hex(file.content),
      storageKey: file.storageKey,
      createdAt: now,
    })),
  );
  await appendAudit(tx, ctx.clock, {
    orgId,
    actorId: null,
    actionType: 'inbound_email_received',
    entityType: 'investor_message',
    entityId: message.id,
    details: {
      outcome,
      via: row.via,
      thread_id: message.threadId,
      project_id: projectId,
      attachments: input.files.length,
      sender_unknown: senderUnknown,
      inbound_email_id: inboundId,
    },
  });
  await notifyOrg(tx, { type: 'message.created', orgId, messageId: message.id, threadId: message.threadId });
  const outboxIds = head?.ownerId
    ? await notifyThreadOwner(tx, ctx, {
        orgId,
        ownerId: head.ownerId,
        messageId: message.id,
        threadId: message.threadId,
        investorName: parsed.fromName,
        subject: parsed.subject,
        now,
      })
    : [];
  return { answer: { outcome, message_id: message.id, thread_id: message.threadId }, outboxIds };
}

/** How many of the newest received mails the status lists. */
export const INBOUND_STATUS_RECENT = 20;

/** GET /api/email/inbound: the organisation's address, how mail comes in, and its newest mails. */
export async function getInboundStatus(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  orgId: string,
  listener: { isSmtpListening: boolean },
): Promise<InboundStatus> {
  const inbound = ctx.config.inbound;
  const [slug, recent] = await Promise.all([
    findOrganizationInboundSlug(ctx.db, orgId),
    listRecentInboundEmails(ctx.db, orgId, INBOUND_STATUS_RECENT),
  ]);
  return {
    address: inbound && slug ? inboundAddress(inbound.domain, slug) : null,
    smtp_listening: listener.isSmtpListening,
    webhook_configured: (inbound?.webhookSecrets.length ?? 0) > 0,
    recent: recent.map((mail) => ({
      id: mail.id,
      received_at: mail.receivedAt.toISOString(),
      via: mail.via,
      from_address: mail.fromAddress,
      subject: mail.subject,
      outcome: mail.outcome,
      message_id: mail.messageId,
    })),
  };
}
