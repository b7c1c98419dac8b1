import { createHash, randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';
import { inboundEmails, investorMessages, messageAttachments } from '../src/db/schema';
import { writePrivateFile } from '../src/lib/private-files';

/**
 * Threads, received mail and attachments written straight into the tables, as the ingestion
 * (features/inbound-email) leaves them (docs/decisions/058-inbound-email.md): the thread's tests do not
 * depend on parsing mail.
 */

export type ThreadMessageInput = {
  orgId: string;
  projectId?: string | null;
  /** The thread it joins; none starts one (the trigger names it by the message's id). */
  threadId?: string;
  investorName?: string;
  investorEmail: string;
  subject?: string;
  bodyText?: string;
  createdAt: Date;
  source?: 'compose' | 'email';
  status?: string;
  senderUnknown?: boolean;
};

/**
 * A message, as the newest of its thread: the one before it is no longer `thread_latest`. Returns its
 * id and its thread's.
 */
export async function insertThreadMessage(
  db: DbOrTx,
  input: ThreadMessageInput,
): Promise<{ id: string; threadId: string }> {
  const [row] = await db
    .insert(investorMessages)
    .values({
      orgId: input.orgId,
      projectId: input.projectId ?? null,
      ...(input.threadId ? { threadId: input.threadId } : {}),
      investorName: input.investorName ?? 'Jane Investor',
      investorEmail: input.investorEmail,
      subject: input.subject ?? 'Q3 distribution',
      bodyText: input.bodyText ?? 'When is the Q3 distribution paid?',
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
      source: input.source ?? 'email',
      status: input.status ?? 'open',
      senderUnknown: input.senderUnknown ?? false,
    })
    .returning({ id: investorMessages.id, threadId: investorMessages.threadId });
  if (!row) throw new Error('no message');
  await db
    .update(investorMessages)
    .set({ threadLatest: false })
    .where(and(eq(investorMessages.threadId, row.threadId), ne(investorMessages.id, row.id)));
  return row;
}

/** The received mail a message came as (or, with no message, an auto-reply or bounce). */
export async function insertInboundEmail(
  db: DbOrTx,
  input: {
    orgId: string;
    messageId: string | null;
    fromAddress: string;
    receivedAt: Date;
    rfcMessageId?: string;
    subject?: string;
    raw?: string;
    outcome?: 'new_thread' | 'threaded' | 'auto_reply' | 'bounce';
  },
): Promise<{ id: string; rfcMessageId: string }> {
  const raw = Buffer.from(
    input.raw ?? `From: ${input.fromAddress}\r\nSubject: ${input.subject ?? 'Q3'}\r\n\r\nHello\r\n`,
  );
  const rfcMessageId = input.rfcMessageId ?? `<${randomUUID()}@mail.investor.test>`;
  const [row] = await db
    .insert(inboundEmails)
    .values({
      orgId: input.orgId,
      receivedAt: input.receivedAt,
      via: 'webhook',
      rfcMessageId,
      fromAddress: input.fromAddress.toLowerCase(),
      envelopeFrom: input.fromAddress.toLowerCase(),
      subject: input.subject ?? 'Q3 distribution',
      outcome: input.outcome ?? (input.messageId ? 'new_thread' : 'auto_reply'),
      messageId: input.messageId,
      sizeBytes: raw.byteLength,
      sha256: createHash('sha256').update(raw).digest('hex'),
      raw,
    })
    .returning({ id: inboundEmails.id });
  if (!row) throw new Error('no inbound e-mail');
  return { id: row.id, rfcMessageId };
}

/** An attachment of a message, its file written under `attachmentsRoot` at `{orgId}/{id}` (0600). */
export async function insertAttachment(
  db: DbOrTx,
  attachmentsRoot: string,
  input: {
    orgId: string;
    messageId: string;
    fileName: string;
    contentType: string;
    bytes: Buffer;
    createdAt?: Date;
  },
): Promise<{ id: string; storageKey: string; path: string }> {
  const id = randomUUID();
  const storageKey = `${input.orgId}/${id}`;
  const filePath = await writePrivateFile(attachmentsRoot, storageKey, input.bytes);
  await db.insert(messageAttachments).values({
    id,
    orgId: input.orgId,
    messageId: input.messageId,
    fileName: input.fileName,
    contentType: input.contentType,
    sizeBytes: input.bytes.byteLength,
    sha256: createHash('sha256').update(input.bytes).digest('hex'),
    storageKey,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  });
  return { id, storageKey, path: filePath };
}
