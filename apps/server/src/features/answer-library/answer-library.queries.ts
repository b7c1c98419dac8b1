import { LIBRARY_EXPIRING_DAYS, type LibraryStatus } from '@parley/contracts';
import { and, asc, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import { aiResponses, libraryAnswers, profiles, projects } from '../../db/schema';
import { containsPattern } from '../../lib/like';

export type LibraryCitationRow = { id: string; doc_path: string; text: string; document_id?: string };

export type LibraryAnswerRow = {
  id: string;
  orgId: string;
  title: string;
  question: string;
  answer: string;
  projectId: string | null;
  projectName: string | null;
  ownerId: string;
  ownerName: string | null;
  approvedByName: string | null;
  approvedAt: Date;
  expiresAt: Date;
  citations: LibraryCitationRow[];
  sourceMessageId: string | null;
  remindedState: 'expiring' | 'expired' | null;
  createdAt: Date;
  updatedAt: Date;
};

const owner = alias(profiles, 'owner');
const approver = alias(profiles, 'approver');

const answerColumns = {
  id: libraryAnswers.id,
  orgId: libraryAnswers.orgId,
  title: libraryAnswers.title,
  question: libraryAnswers.question,
  answer: libraryAnswers.answer,
  projectId: libraryAnswers.projectId,
  projectName: projects.name,
  ownerId: libraryAnswers.ownerId,
  ownerName: owner.name,
  approvedByName: approver.name,
  approvedAt: libraryAnswers.approvedAt,
  expiresAt: libraryAnswers.expiresAt,
  citations: libraryAnswers.citations,
  sourceMessageId: libraryAnswers.sourceMessageId,
  remindedState: libraryAnswers.remindedState,
  createdAt: libraryAnswers.createdAt,
  updatedAt: libraryAnswers.updatedAt,
};

function selectAnswers(db: DbOrTx) {
  return db
    .select(answerColumns)
    .from(libraryAnswers)
    .leftJoin(projects, eq(projects.id, libraryAnswers.projectId))
    .leftJoin(owner, eq(owner.id, libraryAnswers.ownerId))
    .leftJoin(approver, eq(approver.id, libraryAnswers.approvedBy));
}

/** The moment an answer starts 'expiring soon' when it expires at or before it. */
export function expiringHorizon(now: Date): Date {
  return new Date(now.getTime() + LIBRARY_EXPIRING_DAYS * 24 * 60 * 60 * 1000);
}

/** The SQL of each status at `now` (the same bounds as libraryStatusOf in contracts). */
function statusFilter(status: LibraryStatus, now: Date): SQL | undefined {
  const horizon = expiringHorizon(now);
  if (status === 'expired') return lte(libraryAnswers.expiresAt, now);
  if (status === 'expiring') {
    return and(gt(libraryAnswers.expiresAt, now), lte(libraryAnswers.expiresAt, horizon));
  }
  return gt(libraryAnswers.expiresAt, horizon);
}

function searchFilter(orgId: string, q: string | undefined): SQL | undefined {
  const filters: (SQL | undefined)[] = [eq(libraryAnswers.orgId, orgId), isNull(libraryAnswers.archivedAt)];
  if (q) {
    const pattern = containsPattern(q);
    filters.push(
      or(
        ilike(libraryAnswers.title, pattern),
        ilike(libraryAnswers.question, pattern),
        ilike(libraryAnswers.answer, pattern),
      ),
    );
  }
  return and(...filters);
}

/** Active answers by title (then id), a page after the cursor's (title, id); `limit + 1` rows. */
export async function listLibraryAnswers(
  db: DbOrTx,
  input: {
    orgId: string;
    q?: string;
    status: LibraryStatus | 'all';
    now: Date;
    limit: number;
    after?: { title: string; id: string };
  },
): Promise<LibraryAnswerRow[]> {
  const where = and(
    searchFilter(input.orgId, input.q),
    input.status === 'all' ? undefined : statusFilter(input.status, input.now),
    input.after
      ? or(
          gt(libraryAnswers.title, input.after.title),
          and(eq(libraryAnswers.title, input.after.title), gt(libraryAnswers.id, input.after.id)),
        )
      : undefined,
  );
  return selectAnswers(db)
    .where(where)
    .orderBy(asc(libraryAnswers.title), asc(libraryAnswers.id))
    .limit(input.limit + 1);
}

/** How many active answers match the search, in all and per status, in one pass. */
export async function countLibraryAnswers(
  db: DbOrTx,
  input: { orgId: string; q?: string; now: Date },
): Promise<Record<LibraryStatus | 'all', number>> {
  const horizon = expiringHorizon(input.now);
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      expired: sql<number>`(count(*) filter (where ${libraryAnswers.expiresAt} <= ${input.now}))::int`,
      expiring: sql<number>`(count(*) filter (where ${libraryAnswers.expiresAt} > ${input.now} and ${libraryAnswers.expiresAt} <= ${horizon}))::int`,
      live: sql<number>`(count(*) filter (where ${libraryAnswers.expiresAt} > ${horizon}))::int`,
    })
    .from(libraryAnswers)
    .where(searchFilter(input.orgId, input.q));
  return {
    all: Number(row?.all ?? 0),
    live: Number(row?.live ?? 0),
    expiring: Number(row?.expiring ?? 0),
    expired: Number(row?.expired ?? 0),
  };
}

/** An active answer of the organisation, or null (archived and other organisations' are 404). */
export async function findLibraryAnswer(
  db: DbOrTx,
  orgId: string,
  id: string,
): Promise<LibraryAnswerRow | null> {
  const [row] = await selectAnswers(db)
    .where(and(eq(libraryAnswers.orgId, orgId), eq(libraryAnswers.id, id), isNull(libraryAnswers.archivedAt)))
    .limit(1);
  return row ?? null;
}

export async function insertLibraryAnswer(
  tx: Tx,
  values: typeof libraryAnswers.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(libraryAnswers).values(values).returning({ id: libraryAnswers.id });
  if (!row) throw new Error('library_answers insert returned nothing');
  return row.id;
}

/** Changes an active answer; false when there is none (an archived one stays archived). */
export async function updateLibraryAnswer(
  tx: Tx,
  input: { orgId: string; id: string; values: Partial<typeof libraryAnswers.$inferInsert> },
): Promise<boolean> {
  const rows = await tx
    .update(libraryAnswers)
    .set(input.values)
    .where(
      and(
        eq(libraryAnswers.orgId, input.orgId),
        eq(libraryAnswers.id, input.id),
        isNull(libraryAnswers.archivedAt),
      ),
    )
    .returning({ id: libraryAnswers.id });
  return rows.length > 0;
}

/**
 * The citations of the message's reply that was approved and sent (its latest approved version), or null
 * when no reply of it was sent. Read here, not through replies, because replies imports this feature
 * (docs/decisions/028-answer-library.md).
 */
export async function findSentReplyCitations(
  db: DbOrTx,
  input: { orgId: string; messageId: string },
): Promise<{ id: string }[] | null> {
  const [row] = await db
    .select({ citations: aiResponses.citations })
    .from(aiResponses)
    .where(
      and(
        eq(aiResponses.orgId, input.orgId),
        eq(aiResponses.messageId, input.messageId),
        isNotNull(aiResponses.approvedAt),
      ),
    )
    .orderBy(desc(aiResponses.versionNumber))
    .limit(1);
  return row ? row.citations : null;
}

/** How many answers the drafter weighs for one message: the best by full-text rank. */
const CANDIDATE_LIMIT = 20;

export type LibraryCandidate = LibraryAnswerRow & { questionLexemes: string[] };

/**
 * The live answers (not archived, not expired at `now`) for the fund — or for all funds — whose question
 * shares a word with the message, best full-text rank first, with the question's lexemes; and the
 * lexemes of the message and of each of its question parts (English stemming, stop words dropped, as
 * the index has them). The GIN index on question_tsv finds them; the message is cut to 4,000
 * characters and 20 parts so the query stays small.
 */
export async function findLibraryCandidates(
  db: DbOrTx,
  input: { orgId: string; projectId: string | null; messageText: string; parts: string[]; now: Date },
): Promise<{ message: { lexemes: string[]; parts: string[][] }; candidates: LibraryCandidate[] }> {
  const texts = [input.messageText, ...input.parts.slice(0, 20)].map((t) => t.slice(0, 4_000));
  // Both drivers (node-postgres, PGlite) return the rows as `rows`.
  const lexemeRows = (await db.execute(sql`
    select t.ord, tsvector_to_array(to_tsvector('english', t.text)) as lexemes
    from unnest(${sql.param(texts)}::text[]) with ordinality as t(text, ord)
    order by t.ord`)) as { rows: { lexemes: string[] | null }[] };
  const [whole = [], ...parts] = lexemeRows.rows.map((row) => row.lexemes ?? []);
  const message = { lexemes: whole, parts };
  if (whole.length === 0) return { message, candidates: [] };
  // The message's lexemes OR-ed, each quoted, in the 'simple' configuration: they are stemmed already.
  const query = sql`to_tsquery('simple', ${whole.map((l) => `'${l.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`).join(' | ')})`;
  const rank = sql<number>`ts_rank_cd(${libraryAnswers.questionTsv}, ${query})`;
  const rows = await db
    .select({
      ...answerColumns,
      questionLexemes: sql<string[]>`tsvector_to_array(${libraryAnswers.questionTsv})`,
    })
    .from(libraryAnswers)
    .leftJoin(projects, eq(projects.id, libraryAnswers.projectId))
    .leftJoin(owner, eq(owner.id, libraryAnswers.ownerId))
    .leftJoin(approver, eq(approver.id, libraryAnswers.approvedBy))
    .where(
      and(
        eq(libraryAnswers.orgId, input.orgId),
        isNull(libraryAnswers.archivedAt),
        gt(libraryAnswers.expiresAt, input.now),
        input.projectId
          ? or(eq(libraryAnswers.projectId, input.projectId), isNull(libraryAnswers.projectId))
          : isNull(libraryAnswers.projectId),
        sql`${libraryAnswers.questionTsv} @@ ${query}`,
      ),
    )
    .orderBy(desc(rank), asc(libraryAnswers.id))
    .limit(CANDIDATE_LIMIT);
  return { message, candidates: rows };
}

/**
 * Answers whose owner is owed a reminder at `now`, across organisations: expired and not yet reminded of
 * it, or expiring within 14 days and not reminded at all; oldest expiry first, at most `limit`, locked
 * so two instances never remind twice (SKIP LOCKED).
 */
export async function claimDueReminders(
  tx: Tx,
  input: { now: Date; limit: number },
): Promise<
  {
    id: string;
    orgId: string;
    title: string;
    ownerId: string;
    expiresAt: Date;
    state: 'expiring' | 'expired';
  }[]
> {
  const horizon = expiringHorizon(input.now);
  const rows = await tx
    .select({
      id: libraryAnswers.id,
      orgId: libraryAnswers.orgId,
      title: libraryAnswers.title,
      ownerId: libraryAnswers.ownerId,
      expiresAt: libraryAnswers.expiresAt,
      remindedState: libraryAnswers.remindedState,
    })
    .from(libraryAnswers)
    .where(
      and(
        isNull(libraryAnswers.archivedAt),
        lte(libraryAnswers.expiresAt, horizon),
        or(
          and(
            lte(libraryAnswers.expiresAt, input.now),
            sql`${libraryAnswers.remindedState} is distinct from 'expired'`,
          ),
          and(gt(libraryAnswers.expiresAt, input.now), isNull(libraryAnswers.remindedState)),
        ),
      ),
    )
    .orderBy(asc(libraryAnswers.expiresAt), asc(libraryAnswers.id))
    .limit(input.limit)
    .for('update', { skipLocked: true });
  return rows.map(({ remindedState: _reminded, ...row }) => ({
    ...row,
    state: row.expiresAt.getTime() <= input.now.getTime() ? ('expired' as const) : ('expiring' as const),
  }));
}

export async function markReminded(
  tx: Tx,
  input: { id: string; state: 'expiring' | 'expired'; at: Date },
): Promise<void> {
  await tx
    .update(libraryAnswers)
    .set({ remindedState: input.state, remindedAt: input.at })
    .where(eq(libraryAnswers.id, input.id));
}
