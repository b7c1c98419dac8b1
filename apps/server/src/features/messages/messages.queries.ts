import { INBOX_TABS, type InboxTab } from '@parley/contracts';
import { and, asc, eq, gt, isNull, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  investorMessageCounts,
  investorMessages,
  messageReads,
  organizations,
  orgMemberships,
  profiles,
  projects,
  threadReads,
  users,
} from '../../db/schema';

/** Keyset position: created_at at full (microsecond) precision as UTC text, and the id. */
export type MessageCursor = { createdAt: string; id: string };

export type MessageRow = {
  id: string;
  projectId: string | null;
  projectName: string | null;
  investorName: string;
  investorEmail: string;
  subject: string;
  bodyText: string;
  topics: string[];
  sentimentScore: number | null;
  status: string;
  createdAt: Date;
  /** The cursor's form of created_at: a JS Date would drop PostgreSQL's microseconds. */
  createdAtKey: string;
  ownerId: string | null;
  ownerName: string | null;
  /** Whether the viewer has opened the thread (a message_reads row). */
  isRead: boolean;
  threadId: string;
  source: 'compose' | 'email';
  senderUnknown: boolean;
};

export async function findProjectInOrg(db: DbOrTx, orgId: string, projectId: string) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)));
  return row ?? null;
}

export async function insertMessage(db: DbOrTx, values: typeof investorMessages.$inferInsert) {
  const [row] = await db.insert(investorMessages).values(values).returning({ id: investorMessages.id });
  if (!row) throw new Error('message insert returned nothing');
  return row.id;
}

const ownerProfiles = alias(profiles, 'owner_profiles');

/**
 * Whether `viewerId` has read the message (docs/decisions/050-triage-unread-and-owner.md): a scalar
 * subquery on message_reads' keys, probed once per row returned. Not EXISTS: PostgreSQL may turn an
 * EXISTS into a hashed subplan that reads ALL the viewer's reads first (66 ms for a 21-row page with
 * 150,000 reads, against 0.5 ms probed; docs/benchmarks.md), and a scalar subquery is never hashed.
 */
function readAtOf(viewerId: unknown, messageId: SQL | typeof investorMessages.id) {
  return sql`(select ${messageReads.readAt} from ${messageReads} where ${messageReads.userId} = ${viewerId} and ${messageReads.messageId} = ${messageId})`;
}

/** A message as the inbox shows it to `viewerId`: with its fund, its owner's name and whether the viewer read it. */
function selectMessages(db: DbOrTx, viewerId: unknown) {
  return db
    .select({
      id: investorMessages.id,
      projectId: investorMessages.projectId,
      projectName: projects.name,
      investorName: investorMessages.investorName,
      investorEmail: investorMessages.investorEmail,
      subject: investorMessages.subject,
      bodyText: investorMessages.bodyText,
      topics: investorMessages.topics,
      sentimentScore: investorMessages.sentimentScore,
      status: investorMessages.status,
      createdAt: investorMessages.createdAt,
      createdAtKey: sql<string>`to_char(${investorMessages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      ownerId: investorMessages.ownerId,
      ownerName: ownerProfiles.name,
      isRead: sql<boolean>`${readAtOf(viewerId, investorMessages.id)} is not null`,
      threadId: investorMessages.threadId,
      source: investorMessages.source,
      senderUnknown: investorMessages.senderUnknown,
    })
    .from(investorMessages)
    .leftJoin(projects, eq(projects.id, investorMessages.projectId))
    .leftJoin(ownerProfiles, eq(ownerProfiles.id, investorMessages.ownerId));
}

/**
 * The statuses with a tab of their own. The Open tab is every other status (index-friendly
 * NOT IN over the (org_id, status, created_at, id) index), 'flagged' included, so Open, Awaiting
 * Approval and Resolved add up to All (docs/decisions/020-flagged-messages-stay-open.md).
 */
const NOT_OPEN = ['awaiting_approval', 'resolved'] as const;

function tabFilter(tab: InboxTab): SQL | undefined {
  switch (tab) {
    case 'all':
      return undefined;
    case 'open':
      return sql`${investorMessages.status} not in (${sql.join(
        NOT_OPEN.map((s) => sql`${s}`),
        sql`, `,
      )})`;
    case 'awaiting_approval':
      return eq(investorMessages.status, 'awaiting_approval');
    case 'resolved':
      return eq(investorMessages.status, 'resolved');
  }
}

/** LIKE's wildcards and its escape character, escaped, so the search is a literal substring. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

type ListFilter = { orgId: string; q?: string | undefined; projectId?: string | undefined };
type Viewer = { viewerId: string };

/** Organisation, project and search: the pg_trgm GIN indexes serve the ILIKE substring search. */
function baseFilter(input: ListFilter): SQL | undefined {
  return and(
    eq(investorMessages.orgId, input.orgId),
    eq(investorMessages.threadLatest, true),
    input.projectId ? eq(investorMessages.projectId, input.projectId) : undefined,
    input.q ? searchFilter(escapeLike(input.q)) : undefined,
  );
}

/** The name or subject holds `escaped` (escapeLike's output, or a placeholder for it). */
function searchFilter(escaped: unknown): SQL {
  return sql`(${investorMessages.investorName} ilike '%' || ${escaped} || '%' escape '\\' or ${investorMessages.subject} ilike '%' || ${escaped} || '%' escape '\\')`;
}

/** Keyset: rows after the cursor's (created_at, id), in the page's order. */
function afterCursor(createdAt: unknown, id: unknown): SQL {
  return sql`(${investorMessages.createdAt}, ${investorMessages.id}) < (${createdAt}::timestamptz, ${id}::uuid)`;
}

function pageQuery(db: DbOrTx, where: SQL | undefined, limit: number | Placeholder) {
  return (
    selectMessages(db, sql.placeholder('viewerId'))
      .where(where)
      // NULLS LAST as the indexes were built (drizzle's .desc() in schema.ts): a plain DESC means
      // NULLS FIRST, which PostgreSQL cannot serve from them and sorts the whole table instead
      // (npm run bench, 1,000,000 messages). Both columns are NOT NULL, so the order is the same.
      .orderBy(
        sql`${investorMessages.createdAt} desc nulls last`,
        sql`${investorMessages.id} desc nulls last`,
      )
      .limit(limit)
  );
}

type PageShape = { tab: InboxTab; fund: boolean; search: boolean; cursor: boolean };

function preparePage(db: DbOrTx, shape: PageShape, name: string) {
  const where = and(
    eq(investorMessages.orgId, sql.placeholder('orgId')),
    eq(investorMessages.threadLatest, true),
    shape.fund ? eq(investorMessages.projectId, sql.placeholder('projectId')) : undefined,
    shape.search ? searchFilter(sql.placeholder('q')) : undefined,
    tabFilter(shape.tab),
    shape.cursor ? afterCursor(sql.placeholder('afterAt'), sql.placeholder('afterId')) : undefined,
  );
  return pageQuery(db, where, sql.placeholder('limit')).prepare(name);
}

/**
 * A page has few shapes (tab × fund filter × search × cursor), and so do the tab counts: each shape's
 * SQL is built once per database handle, not per request (docs/benchmarks.md, 'Inbox'). Without a
 * search it is also a named statement, which PostgreSQL parses once per connection: its plan is the
 * same whatever the values. A search stays an unnamed statement, planned on each run: its best plan
 * depends on the term (the trigram bitmap for a rare one, the created_at index for a common one),
 * which a named statement's generic plan cannot see.
 */
const prepared = new WeakMap<DbOrTx, Map<string, unknown>>();

function preparedOnce<Query>(db: DbOrTx, key: string, prepare: () => Query): Query {
  let byKey = prepared.get(db);
  if (!byKey) {
    byKey = new Map();
    prepared.set(db, byKey);
  }
  let query = byKey.get(key) as Query | undefined;
  if (!query) {
    query = prepare();
    byKey.set(key, query);
  }
  return query;
}

function preparedPage(db: DbOrTx, shape: PageShape) {
  const key = `inbox_page_${shape.tab}_${shape.fund ? 'fund' : 'all'}_${shape.search ? 'search' : 'every'}_${shape.cursor ? 'after' : 'first'}`;
  // pg prepares a statement by name only when it has one: '' keeps a search unnamed.
  return preparedOnce(db, key, () => preparePage(db, shape, shape.search ? '' : key));
}

/** One page of a tab, newest first; keyset on (created_at desc, id desc). Fetches limit + 1. */
export async function listMessages(
  db: DbOrTx,
  input: ListFilter & Viewer & { tab: InboxTab; limit: number; after: MessageCursor | null },
): Promise<MessageRow[]> {
  const { after } = input;
  const shape = {
    tab: input.tab,
    fund: Boolean(input.projectId),
    search: Boolean(input.q),
    cursor: after !== null,
  };
  return preparedPage(db, shape).execute({
    orgId: input.orgId,
    viewerId: input.viewerId,
    projectId: input.projectId,
    q: input.q ? escapeLike(input.q) : undefined,
    afterAt: after?.createdAt,
    afterId: after?.id,
    limit: input.limit + 1,
  });
}

type TabCounts = Record<InboxTab, number>;

/**
 * Every tab's count under the fund filter, read from investor_message_counts (kept by triggers,
 * migration 0010): a few index rows whatever the size of the inbox.
 */
export async function readTabCounts(
  db: DbOrTx,
  input: { orgId: string; projectId?: string | undefined },
): Promise<TabCounts> {
  const name = input.projectId ? 'inbox_counts_fund' : 'inbox_counts_all';
  const rows = await preparedOnce(db, name, () =>
    db
      .select({ status: investorMessageCounts.status, n: investorMessageCounts.n })
      .from(investorMessageCounts)
      .where(
        and(
          eq(investorMessageCounts.orgId, sql.placeholder('orgId')),
          input.projectId
            ? eq(investorMessageCounts.projectId, sql.placeholder('projectId'))
            : isNull(investorMessageCounts.projectId),
        ),
      )
      .prepare(name),
  ).execute({ orgId: input.orgId, projectId: input.projectId });
  const counts: TabCounts = { all: 0, open: 0, awaiting_approval: 0, resolved: 0 };
  for (const row of rows) {
    counts.all += row.n;
    if (row.status === 'awaiting_approval' || row.status === 'resolved') counts[row.status] += row.n;
    else if (!(NOT_OPEN as readonly string[]).includes(row.status)) counts.open += row.n;
  }
  return counts;
}

/**
 * Every tab's count under a search, which the counts table cannot answer: each tab counts at most
 * `cap` + 1 matching rows, and a tab with more answers `cap` and is listed in `capped` (the inbox
 * shows '1,000+').
 */
export async function countSearchMatchesByTab(
  db: DbOrTx,
  input: ListFilter & { q: string; cap: number },
): Promise<{ counts: TabCounts; capped: InboxTab[] }> {
  const count = (tab: InboxTab) =>
    sql<number>`(select count(*)::int from (select 1 from ${investorMessages} where ${and(baseFilter(input), tabFilter(tab))} limit ${input.cap + 1}) matched)`;
  // One row (the organisation's) carrying the four capped counts.
  const [row] = await db
    .select({
      all: count('all'),
      open: count('open'),
      awaiting_approval: count('awaiting_approval'),
      resolved: count('resolved'),
    })
    .from(organizations)
    .where(eq(organizations.id, input.orgId));
  const counts: TabCounts = { all: 0, open: 0, awaiting_approval: 0, resolved: 0 };
  const capped: InboxTab[] = [];
  for (const tab of INBOX_TABS) {
    const n = Number(row?.[tab] ?? 0);
    counts[tab] = Math.min(n, input.cap);
    if (n > input.cap) capped.push(tab);
  }
  return { counts, capped };
}

export async function findMessage(
  db: DbOrTx,
  input: { orgId: string; id: string; viewerId: string },
): Promise<MessageRow | null> {
  const [row] = await selectMessages(db, input.viewerId).where(
    and(eq(investorMessages.orgId, input.orgId), eq(investorMessages.id, input.id)),
  );
  return row ?? null;
}

/** Records that the member has read the message; a second read changes nothing (the first time stays). */
export async function markMessageRead(
  db: DbOrTx,
  input: { userId: string; messageId: string; orgId: string; now: Date },
) {
  await db
    .insert(messageReads)
    .values({ userId: input.userId, messageId: input.messageId, orgId: input.orgId, readAt: input.now })
    .onConflictDoNothing({ target: [messageReads.userId, messageReads.messageId] });
}

/** The statuses still to be dealt with, whose unread messages the sidebar counts. */
const UNREAD_COUNTED_STATUSES = ['open', 'flagged', 'awaiting_approval'] as const;

/**
 * How many of the newest `window` messages of each status still to be dealt with the member has not
 * read. Each status is one range of the (org_id, status, created_at, id) index read newest first and
 * stopped after `window` rows, each row one probe of message_reads (readAtOf, never a hash of all the
 * member's reads): at most 3 × window index rows whatever the size of the inbox
 * (docs/decisions/050-triage-unread-and-owner.md).
 */
export async function countUnreadMessages(
  db: DbOrTx,
  input: { orgId: string; userId: string; window: number },
): Promise<number> {
  const newest = UNREAD_COUNTED_STATUSES.map(
    (status) =>
      sql`(select ${investorMessages.id} as id from ${investorMessages} where ${investorMessages.orgId} = ${input.orgId} and ${investorMessages.status} = ${status} and ${investorMessages.threadLatest} order by ${investorMessages.createdAt} desc nulls last, ${investorMessages.id} desc nulls last limit ${input.window})`,
  );
  const rows = (await db.execute(
    sql`select count(*)::int as n from (${sql.join(newest, sql` union all `)}) recent where ${readAtOf(input.userId, sql`recent.id`)} is null`,
  )) as unknown as { rows?: { n: number }[] } | { n: number }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return Number(list[0]?.n ?? 0);
}

/** The organisation's active members by name, to choose an owner from. */
export async function listActiveMembers(db: DbOrTx, input: { orgId: string; limit: number }) {
  return db
    .select({ id: users.id, name: profiles.name, email: users.email })
    .from(orgMemberships)
    .innerJoin(users, eq(users.id, orgMemberships.userId))
    .leftJoin(profiles, eq(profiles.id, orgMemberships.userId))
    .where(and(eq(orgMemberships.orgId, input.orgId), eq(users.status, 'active')))
    .orderBy(asc(profiles.name), asc(users.email))
    .limit(input.limit);
}

type ThreadRead = { sessionId: string; messageId: string; now: Date; idleSince: Date };

/**
 * A read within the session's current reading of the thread (last read after `idleSince`): moves its
 * last read on and says so; false when there is no such reading.
 */
export async function continueThreadReading(db: DbOrTx, read: ThreadRead): Promise<boolean> {
  const rows = await db
    .update(threadReads)
    .set({ lastReadAt: read.now })
    .where(
      and(
        eq(threadReads.sessionId, read.sessionId),
        eq(threadReads.messageId, read.messageId),
        gt(threadReads.lastReadAt, read.idleSince),
      ),
    )
    .returning({ sessionId: threadReads.sessionId });
  return rows.length > 0;
}

/**
 * Starts a new reading of the thread by the session: true when this call started it. Two first reads
 * at once conflict on the key; the later one finds the reading the other started (its WHERE fails)
 * and starts none, so one opening is recorded.
 */
export async function startThreadReading(db: DbOrTx, read: ThreadRead): Promise<boolean> {
  const rows = await db
    .insert(threadReads)
    .values({
      sessionId: read.sessionId,
      messageId: read.messageId,
      openedAt: read.now,
      lastReadAt: read.now,
    })
    .onConflictDoUpdate({
      target: [threadReads.sessionId, threadReads.messageId],
      set: { openedAt: read.now, lastReadAt: read.now },
      setWhere: lte(threadReads.lastReadAt, read.idleSince),
    })
    .returning({ sessionId: threadReads.sessionId });
  return rows.length > 0;
}
