import type { DbOrTx } from '../src/db/client';
import { aiResponses, emailOutbox, investorMessages } from '../src/db/schema';
import { comparableText, comparedTextColumns } from '../src/features/replies/communication-class';

/**
 * Replies written as approved and e-mailed without going through the approval, for tests and
 * benchmarks that need a history of sent replies.
 */

/** The investor_reply e-mail of a sent reply. */
export async function insertSentMail(
  db: DbOrTx,
  input: { orgId: string; email: string; text: string; status?: 'sent' | 'stored' },
): Promise<string> {
  const [mail] = await db
    .insert(emailOutbox)
    .values({
      orgId: input.orgId,
      toEmail: input.email,
      template: 'investor_reply',
      category: 'transactional',
      subject: 'Re: Q',
      textBody: input.text,
      htmlBody: input.text,
      headers: {},
      status: input.status ?? 'sent',
    })
    .returning({ id: emailOutbox.id });
  if (!mail) throw new Error('no e-mail row');
  return mail.id;
}

/**
 * A resolved message from `email` and its reply `text` approved and sent at `approvedAt`, with what
 * the approval stores for later replies to be compared with it (or, `legacy`, as sent before that
 * was stored).
 */
export async function insertSentReply(
  db: DbOrTx,
  input: {
    orgId: string;
    email: string;
    text: string;
    approvedAt: Date;
    legacy?: boolean;
  },
): Promise<string> {
  const [message] = await db
    .insert(investorMessages)
    .values({
      orgId: input.orgId,
      investorName: 'An Investor',
      investorEmail: input.email,
      subject: 'Q',
      bodyText: 'Q?',
      status: 'resolved',
      createdAt: input.approvedAt,
    })
    .returning({ id: investorMessages.id });
  if (!message) throw new Error('no message row');
  await db.insert(aiResponses).values({
    orgId: input.orgId,
    messageId: message.id,
    versionNumber: 1,
    source: 'edited',
    aiDraft: input.text,
    finalResponse: input.text,
    citations: [],
    provenance: {},
    approvedAt: input.approvedAt,
    sentEmailId: await insertSentMail(db, input),
    ...(input.legacy ? {} : comparedTextColumns(comparableText(input.text, []))),
  });
  return message.id;
}
