import type { CreateMessageInput, Role } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';
import {
  documentPassages,
  investorMessages,
  projectDocuments,
  projects,
  type userInvitations,
  userMfaTotp,
} from '../src/db/schema';
import type { NewMember } from '../src/features/users/users.service';
import { generateToken, sha256Hex } from '../src/lib/crypto';

/**
 * Test data builders: `buildX({ ... })` returns the values of a row or a request body with the
 * given fields overridden; `insertX(db, { ... })` writes such a row and returns its id. Each call
 * makes unique names and e-mails, so tests share no rows.
 */

const DAY_MS = 86_400_000;

/** Lower-case letters and digits from a random token: safe in e-mail addresses and names. */
export function uniqueSuffix(length = 8): string {
  return generateToken()
    .slice(0, length)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x');
}

/** A fresh address on the test domain: `<local>.<suffix>@parley.test`. */
export function uniqueEmail(local: string, suffixLength = 8): string {
  return `${local}.${uniqueSuffix(suffixLength)}@parley.test`;
}

/** A member to create with `createMember`: a fresh e-mail and a long random password. */
export function buildMember(overrides: Partial<NewMember> & { orgId: string }): NewMember {
  const role: Role = overrides.role ?? 'ir_associate';
  return {
    email: uniqueEmail(role, 10),
    password: `pw-${generateToken()}`,
    name: `Test ${role}`,
    role,
    ...overrides,
  };
}

/** A fund of the organisation; returns its id. */
export async function insertProject(
  db: DbOrTx,
  values: Partial<typeof projects.$inferInsert> & { orgId: string },
): Promise<string> {
  const [row] = await db
    .insert(projects)
    .values({ name: `Fund ${generateToken().slice(0, 6)}`, fundType: 'Real Estate', ...values })
    .returning({ id: projects.id });
  if (!row) throw new Error('no project');
  return row.id;
}

/** Compose's request body for a message about the fund. */
export function buildMessageInput(
  overrides: Partial<CreateMessageInput> & { project_id: string },
): CreateMessageInput {
  return {
    investor_name: 'Jane Investor',
    investor_email: 'jane@example.com',
    subject: 'Question about the Q3 distribution',
    body_text: 'When will the Q3 distribution be paid?',
    ...overrides,
  };
}

/** A message row written directly (for statuses and times the API does not set); returns its id. */
export async function insertMessage(
  db: DbOrTx,
  values: Partial<typeof investorMessages.$inferInsert> & { orgId: string; createdAt: Date },
): Promise<string> {
  const [row] = await db
    .insert(investorMessages)
    .values({
      investorName: 'Row Investor',
      investorEmail: 'row@example.com',
      subject: 'Row subject',
      bodyText: 'Row body',
      ...values,
    })
    .returning({ id: investorMessages.id });
  if (!row) throw new Error('no message');
  return row.id;
}

/** `count` message rows in one INSERT statement, as a seed or an import writes them. */
export async function insertManyMessages(
  db: DbOrTx,
  input: { orgId: string; projectId: string | null; count: number; status?: string },
) {
  await db.execute(sql`
    insert into investor_messages (org_id, project_id, investor_name, investor_email, subject, body_text, status)
    select ${input.orgId}::uuid, ${input.projectId}::uuid, 'Bulk Investor ' || g, 'bulk@example.com', 'Bulk subject', 'Bulk body', ${input.status ?? 'open'}
    from generate_series(1, ${input.count}::int) g`);
}

/** A pending invitation's row, valid seven days from `now`, with a fresh e-mail and token. */
export function buildInvitation(
  overrides: Partial<typeof userInvitations.$inferInsert> & { orgId: string; now: Date },
): typeof userInvitations.$inferInsert {
  const { now, ...values } = overrides;
  return {
    email: uniqueEmail('invitee'),
    role: 'ir_associate',
    tokenHash: sha256Hex(generateToken()),
    expiresAt: new Date(now.getTime() + 7 * DAY_MS),
    ...values,
  };
}

/** What a sealed TOTP secret looks like to tests that never open it. */
export const DUMMY_SEALED_SECRET = 'v1.dummy-iv.dummy-ciphertext.dummy-tag';

/** An authenticator row as enrolment leaves it: `verifiedAt` set once enrolment finished, else null. */
export async function insertTotpFactor(
  db: DbOrTx,
  values: Partial<typeof userMfaTotp.$inferInsert> & { userId: string; createdAt: Date },
) {
  await db.insert(userMfaTotp).values({ secretSealed: DUMMY_SEALED_SECRET, verifiedAt: null, ...values });
}

/**
 * Moves a document's upload `years` (default: past the longest period a test sets) into the past, so
 * its deletion is outside the retention period (docs/decisions/030-data-retention.md).
 */
export async function backdateDocument(db: DbOrTx, documentId: string, now: Date, years = 101) {
  const dated = new Date(now.getTime());
  dated.setUTCFullYear(dated.getUTCFullYear() - years);
  await db.update(projectDocuments).set({ createdAt: dated }).where(eq(projectDocuments.id, documentId));
}

/**
 * An indexed document of the fund with one passage per text (pages 1..n, in order), as indexing leaves
 * it; returns its id and its passages' ids in order.
 */
export async function insertDocumentWith(
  db: DbOrTx,
  input: { orgId: string; projectId: string; fileName: string; texts: readonly string[] },
): Promise<{ documentId: string; passageIds: string[] }> {
  const { orgId, projectId } = input;
  const [doc] = await db
    .insert(projectDocuments)
    .values({
      orgId,
      projectId,
      fileName: input.fileName,
      contentType: 'text/plain',
      sizeBytes: 100,
      sha256: generateToken(),
      storageKey: generateToken(),
      status: 'indexed',
      passageCount: input.texts.length,
    })
    .returning({ id: projectDocuments.id });
  if (!doc) throw new Error('no document');
  const rows = await db
    .insert(documentPassages)
    .values(
      input.texts.map((text, i) => ({ orgId, projectId, documentId: doc.id, page: i + 1, ordinal: i, text })),
    )
    .returning({ id: documentPassages.id });
  return { documentId: doc.id, passageIds: rows.map((r) => r.id) };
}
