import { type AnalyticsDrillMetric, RESPONSE_TARGET_DEFAULT_DAYS } from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';

/**
 * Analytics' reads (docs/decisions/043-analytics.md). Each is bounded by the period through an index
 * whose first columns are the organisation and the event's time — investor_messages_org_created_idx,
 * ai_responses_org_created_idx, reply_outcomes_org_approved_idx, flag_occurrences_org_raised_idx and
 * flag_occurrences_org_outcome_idx — so a page costs the period's rows, never the table's.
 */

export type Scope = { orgId: string; fundId: string | null; from: Date; to: Date };

/** The UTC day of a timestamp. Grouped as a date and formatted once per day: to_char per row costs more than the count. */
const dayOf = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;

const within = (column: SQL, s: Scope) =>
  sql`${column} >= ${s.from.toISOString()}::timestamptz and ${column} < ${s.to.toISOString()}::timestamptz`;

/**
 * The fund filter on a row's `project_id` (nothing when all funds). Every table Analytics reads keeps its
 * message's fund — investor_messages, ai_responses, flag_occurrences, reply_outcomes — so a period is
 * filtered without a lookup per row.
 */
const inFund = (s: Scope, column: SQL) => (s.fundId ? sql`and ${column} = ${s.fundId}::uuid` : sql``);

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres, PGlite) return the rows as `rows`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs one read in a transaction of its own with PostgreSQL's JIT compilation off: these queries look
 * costly to the planner (a period's rows, grouped), so it compiles them, which takes longer than
 * running them (decision 043).
 */
export async function withoutJit<T>(db: Db, read: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return read(tx);
  });
}

export type DayCounts = {
  day: string;
  messages: number;
  drafts: number;
  cited: number;
  approved: number;
  first_pass: number;
  from_template: number;
  ratings: number;
  rating_sum: number;
  high_flags: number;
};

/**
 * Per UTC day of the scope: messages received, drafts written by a drafter (and those citing a passage),
 * replies approved (first pass, from a template, rated) and high-severity flags raised.
 */
export async function countByDay(db: DbOrTx, s: Scope): Promise<DayCounts[]> {
  const result = await rows<DayCounts>(
    db,
    sql`
    with received as (
      select ${dayOf(sql`m.created_at`)} as day, count(*)::int as messages
      from investor_messages m
      where m.org_id = ${s.orgId}::uuid and ${within(sql`m.created_at`, s)} ${inFund(s, sql`m.project_id`)}
      group by 1
    ), drafted as (
      select ${dayOf(sql`r.created_at`)} as day, count(*)::int as drafts,
        count(*) filter (where jsonb_array_length(r.citations) > 0)::int as cited
      from ai_responses r
      where r.org_id = ${s.orgId}::uuid and ${within(sql`r.created_at`, s)} and r.source = 'generated'
        ${inFund(s, sql`r.project_id`)}
      group by 1
    ), approved as (
      select ${dayOf(sql`o.approved_at`)} as day, count(*)::int as approved,
        count(*) filter (where o.first_pass)::int as first_pass,
        count(*) filter (where o.from_template)::int as from_template,
        count(o.rating)::int as ratings,
        coalesce(sum(o.rating), 0)::int as rating_sum
      from reply_outcomes o
      where o.org_id = ${s.orgId}::uuid and ${within(sql`o.approved_at`, s)} ${inFund(s, sql`o.project_id`)}
      group by 1
    ), flagged as (
      select ${dayOf(sql`o.raised_at`)} as day, count(*)::int as high_flags
      from flag_occurrences o
      where o.org_id = ${s.orgId}::uuid and ${within(sql`o.raised_at`, s)} and o.severity = 'high'
        ${inFund(s, sql`o.project_id`)}
      group by 1
    ), days as (
      select day from received union select day from drafted union select day from approved
      union select day from flagged
    )
    select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(rc.messages, 0) as messages, coalesce(dr.drafts, 0) as drafts,
      coalesce(dr.cited, 0) as cited, coalesce(ap.approved, 0) as approved,
      coalesce(ap.first_pass, 0) as first_pass, coalesce(ap.from_template, 0) as from_template,
      coalesce(ap.ratings, 0) as ratings, coalesce(ap.rating_sum, 0) as rating_sum,
      coalesce(fl.high_flags, 0) as high_flags
    from days d
    left join received rc on rc.day = d.day
    left join drafted dr on dr.day = d.day
    left join approved ap on ap.day = d.day
    left join flagged fl on fl.day = d.day
    order by d.day`,
  );
  return result.map((row) => ({
    day: row.day,
    messages: Number(row.messages),
    drafts: Number(row.drafts),
    cited: Number(row.cited),
    approved: Number(row.approved),
    first_pass: Number(row.first_pass),
    from_template: Number(row.from_template),
    ratings: Number(row.ratings),
    rating_sum: Number(row.rating_sum),
    high_flags: Number(row.high_flags),
  }));
}

export type ResponseTimes = {
  firstReplies: number;
  withinTarget: number;
  medianFirstReplySeconds: number | null;
  medianApprovalSeconds: number | null;
};

/**
 * First replies sent in the scope: how many, how many within the target (parley_business_deadline,
 * migration 0024), the median time from the message's arrival; and the median time replies approved in
 * the scope waited in approval (submission to approval).
 */
export async function summariseResponseTimes(
  db: DbOrTx,
  s: Scope,
  targetDays: number,
): Promise<ResponseTimes> {
  const [row] = await rows<{
    first_replies: number;
    within_target: number;
    median_first: number | null;
    median_approval: number | null;
  }>(
    db,
    sql`
    select
      count(*) filter (where o.first_reply)::int as first_replies,
      count(*) filter (where o.first_reply
        and o.approved_at <= parley_business_deadline(o.received_at, ${targetDays}::int))::int as within_target,
      percentile_cont(0.5) within group (order by extract(epoch from o.approved_at - o.received_at))
        filter (where o.first_reply) as median_first,
      percentile_cont(0.5) within group (order by o.waited_seconds)
        filter (where o.waited_seconds is not null) as median_approval
    from reply_outcomes o
    where o.org_id = ${s.orgId}::uuid and ${within(sql`o.approved_at`, s)} ${inFund(s, sql`o.project_id`)}`,
  );
  const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    firstReplies: Number(row?.first_replies ?? 0),
    withinTarget: Number(row?.within_target ?? 0),
    medianFirstReplySeconds: number(row?.median_first),
    medianApprovalSeconds: number(row?.median_approval),
  };
}

/** Messages received in the scope and still unanswered past the target at `now`. */
export async function countOpenPastTarget(
  db: DbOrTx,
  s: Scope,
  targetDays: number,
  now: Date,
): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`
    select count(*)::int as n from investor_messages m
    where m.org_id = ${s.orgId}::uuid and ${within(sql`m.created_at`, s)} ${inFund(s, sql`m.project_id`)}
      and m.status in ('open', 'flagged', 'awaiting_approval')
      and parley_business_deadline(m.created_at, ${targetDays}::int) < ${now.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

export type FlaggedTerm = { rule: string; term: string; severity: 'high' | 'medium' | 'low'; count: number };

/** The terms flagged in the scope, most often first (each message counts a rule and term once). */
export async function listFlaggedTerms(db: DbOrTx, s: Scope, limit: number): Promise<FlaggedTerm[]> {
  const result = await rows<FlaggedTerm>(
    db,
    sql`
    select o.rule, min(o.term) as term, o.severity, count(*)::int as count
    from flag_occurrences o
    where o.org_id = ${s.orgId}::uuid and ${within(sql`o.raised_at`, s)} ${inFund(s, sql`o.project_id`)}
    group by o.rule, lower(o.term), o.severity
    order by count desc, (o.severity = 'high') desc, (o.severity = 'medium') desc, lower(o.term)
    limit ${limit}`,
  );
  return result.map((row) => ({ ...row, count: Number(row.count) }));
}

export type AuthorTerm = { userId: string; name: string | null; term: string; count: number; flags: number };

/**
 * Per author of the flagged version: the terms they trip most (top `perAuthor` each), with their total,
 * for the `authors` authors with the most flags in the scope.
 */
export async function listAuthorTerms(
  db: DbOrTx,
  s: Scope,
  limits: { authors: number; perAuthor: number },
): Promise<AuthorTerm[]> {
  const result = await rows<{
    user_id: string;
    name: string | null;
    term: string;
    count: number;
    flags: number;
  }>(
    db,
    sql`
    with counted as (
      select o.author_id, lower(o.term) as key, min(o.term) as term, count(*)::int as count
      from flag_occurrences o
      where o.org_id = ${s.orgId}::uuid and o.author_id is not null and ${within(sql`o.raised_at`, s)}
        ${inFund(s, sql`o.project_id`)}
      group by o.author_id, lower(o.term)
    ), authors as (
      select author_id, sum(count)::int as flags from counted group by author_id
      order by flags desc, author_id limit ${limits.authors}
    ), ranked as (
      select c.*, row_number() over (partition by c.author_id order by c.count desc, c.key) as n from counted c
    )
    select a.author_id as user_id, p.name as name, r.term, r.count, a.flags
    from authors a
    join ranked r on r.author_id = a.author_id and r.n <= ${limits.perAuthor}
    left join profiles p on p.id = a.author_id
    order by a.flags desc, a.author_id, r.count desc, r.key`,
  );
  return result.map((row) => ({
    userId: row.user_id,
    name: row.name,
    term: row.term,
    count: Number(row.count),
    flags: Number(row.flags),
  }));
}

/** What became of the flags settled in the scope (their message's reply was sent then). */
export async function countFlagOutcomes(db: DbOrTx, s: Scope) {
  const result = await rows<{ outcome: 'fixed' | 'dismissed' | 'sent'; n: number }>(
    db,
    sql`
    select o.outcome, count(*)::int as n
    from flag_occurrences o
    where o.org_id = ${s.orgId}::uuid and o.outcome is not null and ${within(sql`o.outcome_at`, s)}
      ${inFund(s, sql`o.project_id`)}
    group by o.outcome`,
  );
  const counts = { fixed: 0, dismissed: 0, sent: 0 };
  for (const row of result) counts[row.outcome] = Number(row.n);
  return counts;
}

export type OverrideRow = {
  messageId: string;
  subject: string;
  approvedByName: string | null;
  approvedAt: Date;
  reason: string;
  terms: string[];
};

/** Replies approved over unresolved high flags in the scope (ai_responses_org_overrides_idx): total and newest. */
export async function listOverrides(db: DbOrTx, s: Scope, limit: number) {
  const result = await rows<{
    message_id: string;
    subject: string;
    name: string | null;
    approved_at: string | Date;
    reason: string;
    flags: { term?: string }[] | null;
    total: number;
  }>(
    db,
    sql`
    select r.message_id, m.subject, p.name as name, r.approved_at, r.override_reason as reason,
      r.override_flags as flags, count(*) over ()::int as total
    from ai_responses r
    join investor_messages m on m.id = r.message_id
    left join profiles p on p.id = r.approved_by
    where r.org_id = ${s.orgId}::uuid and r.override_reason is not null and ${within(sql`r.approved_at`, s)}
      ${inFund(s, sql`r.project_id`)}
    order by r.approved_at desc, r.id desc
    limit ${limit}`,
  );
  const items: OverrideRow[] = result.map((row) => ({
    messageId: row.message_id,
    subject: row.subject,
    approvedByName: row.name,
    approvedAt: new Date(row.approved_at),
    reason: row.reason,
    terms: [...new Set((row.flags ?? []).map((flag) => String(flag.term ?? '')).filter(Boolean))],
  }));
  return { total: Number(result[0]?.total ?? 0), items };
}

/**
 * Members per role (a member's role is the first of theirs alphabetically, docs/product.md §6) and those
 * who wrote a message, a draft version or an approval in the scope.
 */
export async function countActiveUsers(db: DbOrTx, s: Scope) {
  return rows<{ role: string; members: number; active: number }>(
    db,
    sql`
    with active as (
      select r.created_by as user_id from ai_responses r
      where r.org_id = ${s.orgId}::uuid and ${within(sql`r.created_at`, s)} ${inFund(s, sql`r.project_id`)}
      union
      select r.approved_by from ai_responses r
      where r.org_id = ${s.orgId}::uuid and r.approved_at is not null and ${within(sql`r.approved_at`, s)}
        ${inFund(s, sql`r.project_id`)}
      union
      select m.created_by from investor_messages m
      where m.org_id = ${s.orgId}::uuid and ${within(sql`m.created_at`, s)} ${inFund(s, sql`m.project_id`)}
    ), members as (
      select om.user_id, min(ur.role) as role
      from org_memberships om
      join users u on u.id = om.user_id and u.status = 'active'
      join user_roles ur on ur.user_id = om.user_id
      where om.org_id = ${s.orgId}::uuid
      group by om.user_id
    )
    select mb.role, count(*)::int as members,
      count(*) filter (where mb.user_id in (select user_id from active where user_id is not null))::int as active
    from members mb group by mb.role order by mb.role`,
  );
}

export type DrillInput = {
  metric: AnalyticsDrillMetric;
  term?: string | undefined;
  author?: string | undefined;
  targetDays: number;
  now: Date;
  after: { at: Date; id: string } | null;
  limit: number;
};

export type DrillRow = {
  event_id: string;
  message_id: string;
  at: string | Date;
  detail: string | null;
  subject: string;
  investor_name: string;
  status: string;
  received_at: string | Date;
  fund_name: string | null;
};

/** The events behind one figure: (event id, message, fund, time, detail), bounded by the scope like the figure. */
function drillEvents(s: Scope, input: DrillInput): SQL {
  const org = sql`r.org_id = ${s.orgId}::uuid`;
  const replies = (where: SQL, detail: SQL = sql`null::text`) =>
    sql`select o.response_id as event_id, o.message_id, o.project_id, o.approved_at as at, ${detail} as detail
        from reply_outcomes o
        where o.org_id = ${s.orgId}::uuid and ${within(sql`o.approved_at`, s)} and ${where}`;
  const drafted = (where: SQL) =>
    sql`select r.id as event_id, r.message_id, r.project_id, r.created_at as at, 'Version ' || r.version_number as detail
        from ai_responses r where ${org} and ${within(sql`r.created_at`, s)} and r.source = 'generated' and ${where}`;
  const flags = (where: SQL) =>
    sql`select o.id as event_id, o.message_id, o.project_id, o.raised_at as at,
          o.severity || ': ' || o.term || coalesce(' (' || o.outcome || ')', '') as detail
        from flag_occurrences o
        where o.org_id = ${s.orgId}::uuid and ${within(sql`o.raised_at`, s)} and ${where}`;
  const due = (received: SQL) =>
    sql`'Due ' || to_char(parley_business_deadline(${received}, ${input.targetDays}::int) at time zone 'UTC',
      'YYYY-MM-DD HH24:MI') || ' UTC'`;
  switch (input.metric) {
    case 'drafts':
      return drafted(sql`true`);
    case 'without_citations':
      return drafted(sql`jsonb_array_length(r.citations) = 0`);
    case 'approved':
      return replies(sql`true`);
    case 'first_pass':
      return replies(sql`o.first_pass`);
    case 'changes_requested':
      return replies(sql`not o.first_pass`);
    case 'rated':
      return replies(sql`o.rating is not null`, sql`'Rated ' || o.rating || ' of 5'`);
    case 'not_from_template':
      return replies(sql`not o.from_template`);
    case 'replied_late':
      return replies(
        sql`o.first_reply and o.approved_at > parley_business_deadline(o.received_at, ${input.targetDays}::int)`,
        due(sql`o.received_at`),
      );
    case 'overrides':
      return sql`select r.id as event_id, r.message_id, r.project_id, r.approved_at as at, r.override_reason as detail
        from ai_responses r
        where ${org} and r.override_reason is not null and ${within(sql`r.approved_at`, s)}`;
    case 'open_past_target':
      return sql`select m.id as event_id, m.id as message_id, m.project_id, m.created_at as at, ${due(sql`m.created_at`)} as detail
        from investor_messages m
        where m.org_id = ${s.orgId}::uuid and ${within(sql`m.created_at`, s)}
          and m.status in ('open', 'flagged', 'awaiting_approval')
          and parley_business_deadline(m.created_at, ${input.targetDays}::int) < ${input.now.toISOString()}::timestamptz`;
    case 'high_flags':
      return flags(sql`o.severity = 'high'`);
    case 'term':
      return flags(
        sql`lower(o.term) = lower(${input.term ?? ''}) ${input.author ? sql`and o.author_id = ${input.author}::uuid` : sql``}`,
      );
  }
}

/** One page of the messages behind a figure, newest event first (keyset on the event's time and id). */
export async function listDrillRows(db: DbOrTx, s: Scope, input: DrillInput): Promise<DrillRow[]> {
  // Cursors carry milliseconds; times written by the database's own clock have microseconds.
  const after = input.after
    ? sql`and (date_trunc('milliseconds', x.at), x.event_id) < (${input.after.at.toISOString()}::timestamptz, ${input.after.id}::uuid)`
    : sql``;
  // The page is chosen among the events alone; only its rows are joined to their messages.
  return rows<DrillRow>(
    db,
    sql`
    select e.event_id, e.message_id, e.at, e.detail, m.subject, m.investor_name, m.status,
      m.created_at as received_at, p.name as fund_name
    from (
      select x.event_id, x.message_id, date_trunc('milliseconds', x.at) as at, x.detail
      from (${drillEvents(s, input)}) x
      where true ${inFund(s, sql`x.project_id`)} ${after}
      order by 3 desc, 1 desc
      limit ${input.limit + 1}
    ) e
    join investor_messages m on m.id = e.message_id
    left join projects p on p.id = m.project_id
    order by e.at desc, e.event_id desc`,
  );
}

/** The organisation's response-time target in business days. */
export async function findResponseTargetDays(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await rows<{ days: number }>(
    db,
    sql`select response_target_days as days from organizations where id = ${orgId}::uuid`,
  );
  return Number(row?.days ?? RESPONSE_TARGET_DEFAULT_DAYS);
}

export async function updateResponseTargetDays(db: DbOrTx, orgId: string, days: number): Promise<number> {
  const [row] = await rows<{ before: number }>(
    db,
    sql`update organizations o set response_target_days = ${days}::int
        from (select response_target_days from organizations where id = ${orgId}::uuid for update) old
        where o.id = ${orgId}::uuid returning old.response_target_days as before`,
  );
  return Number(row?.before ?? days);
}
