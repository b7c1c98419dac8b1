import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The figures behind the reports (docs/decisions/044-reports.md). Every query is bounded by the period
 * through an index — the replies sent by `ai_responses_org_approved_idx`, messages by
 * `investor_messages_org_created_idx`, drafts by `ai_responses_org_created_idx` — and rows are read in
 * keyset batches, so a long period never loads a table whole.
 */
export type ReportScope = {
  orgId: string;
  /** The period as [from, to): the first day's midnight to the midnight after the last day, UTC. */
  from: Date;
  to: Date;
  /** One fund, or null for all. */
  projectId: string | null;
};

const ts = (at: Date) => sql`${at.toISOString()}::timestamptz`;

const fundFilter = (scope: ReportScope) =>
  scope.projectId ? sql`and m.project_id = ${scope.projectId}::uuid` : sql``;

type Rows<T> = { rows: T[] };

export type SentReplyRow = {
  id: string;
  message_id: string;
  version_number: number;
  approved_at: Date | string;
  investor_name: string;
  investor_email: string;
  subject: string;
  fund_name: string | null;
  approver_name: string | null;
  final_response: string | null;
  ai_draft: string;
  compliance_flags: unknown;
  override_reason: string | null;
  override_flags: unknown;
  approved_text_sha256: string | null;
  outbox_status: string | null;
  last_event: string | null;
};

/**
 * A batch of the replies sent in the period (approved, with their outgoing mail), oldest first after
 * `after` (approved_at, id): investor and fund from the message, the approver's name, the version's
 * stored flags and override, and the mail's delivery (the outbox status and the latest delivery event).
 */
export async function listSentRepliesBatch(
  db: DbOrTx,
  scope: ReportScope,
  after: { at: Date; id: string } | null,
  limit: number,
): Promise<SentReplyRow[]> {
  const result = (await db.execute(sql`
    select r.id, r.message_id, r.version_number, r.approved_at, m.investor_name, m.investor_email, m.subject,
      p.name as fund_name, pr.name as approver_name, r.final_response, r.ai_draft, r.compliance_flags,
      r.override_reason, r.override_flags, r.approved_text_sha256, o.status as outbox_status,
      (select e.action_type from email_events e where e.outbox_id = r.sent_email_id
        order by e.created_at desc, e.id desc limit 1) as last_event
    from ai_responses r
    join investor_messages m on m.id = r.message_id
    left join projects p on p.id = m.project_id
    left join profiles pr on pr.id = r.approved_by
    left join email_outbox o on o.id = r.sent_email_id
    where r.org_id = ${scope.orgId}::uuid
      and r.approved_at is not null and r.sent_email_id is not null
      and r.approved_at >= ${ts(scope.from)} and r.approved_at < ${ts(scope.to)}
      ${fundFilter(scope)}
      ${after ? sql`and (r.approved_at, r.id) > (${ts(after.at)}, ${after.id}::uuid)` : sql``}
    order by r.approved_at, r.id
    limit ${limit}`)) as Rows<SentReplyRow>;
  return result.rows;
}

export type FundFigures = {
  project_id: string | null;
  received: number;
  avg_sentiment: number | null;
  negative: number;
};

/** Messages received in the period per fund: count, mean sentiment and how many read negative (< 0.4). */
export async function summariseMessagesByFund(db: DbOrTx, scope: ReportScope): Promise<FundFigures[]> {
  const result = (await db.execute(sql`
    select m.project_id, count(*)::int as received, avg(m.sentiment_score)::float8 as avg_sentiment,
      (count(*) filter (where m.sentiment_score < 0.4))::int as negative
    from investor_messages m
    where m.org_id = ${scope.orgId}::uuid
      and m.created_at >= ${ts(scope.from)} and m.created_at < ${ts(scope.to)}
      ${fundFilter(scope)}
    group by m.project_id`)) as Rows<FundFigures>;
  return result.rows;
}

export type FundReplyFigures = { project_id: string | null; sent: number; median_hours: number | null };

/** Replies sent in the period per fund and the median hours from the message's arrival to approval. */
export async function summariseRepliesByFund(db: DbOrTx, scope: ReportScope): Promise<FundReplyFigures[]> {
  const result = (await db.execute(sql`
    select m.project_id, count(*)::int as sent,
      (percentile_cont(0.5) within group (order by extract(epoch from (r.approved_at - m.created_at))) / 3600)::float8
        as median_hours
    from ai_responses r
    join investor_messages m on m.id = r.message_id
    where r.org_id = ${scope.orgId}::uuid
      and r.approved_at is not null and r.sent_email_id is not null
      and r.approved_at >= ${ts(scope.from)} and r.approved_at < ${ts(scope.to)}
      ${fundFilter(scope)}
    group by m.project_id`)) as Rows<FundReplyFigures>;
  return result.rows;
}

export type FundTopic = { project_id: string | null; topic: string; count: number };

/** The topics of the period's messages per fund, most frequent first. */
export async function countTopicsByFund(db: DbOrTx, scope: ReportScope): Promise<FundTopic[]> {
  const result = (await db.execute(sql`
    select m.project_id, lower(t.topic) as topic, count(*)::int as count
    from investor_messages m
    cross join lateral unnest(m.topics) as t(topic)
    where m.org_id = ${scope.orgId}::uuid
      and m.created_at >= ${ts(scope.from)} and m.created_at < ${ts(scope.to)}
      ${fundFilter(scope)}
    group by m.project_id, lower(t.topic)
    order by count desc, topic`)) as Rows<FundTopic>;
  return result.rows;
}

export type MemberFigures = {
  user_id: string;
  name: string | null;
  email: string;
  drafts: number;
  edits: number;
  approvals: number;
  median_hours: number | null;
};

/**
 * Per member of the period: drafts generated and edits saved (versions they created), replies they
 * approved and sent, and the median hours from a message's arrival to their approval of its reply.
 */
export async function summariseMembers(db: DbOrTx, scope: ReportScope): Promise<MemberFigures[]> {
  const result = (await db.execute(sql`
    with written as (
      select r.created_by as user_id,
        (count(*) filter (where r.source = 'generated'))::int as drafts,
        (count(*) filter (where r.source = 'edited'))::int as edits
      from ai_responses r
      join investor_messages m on m.id = r.message_id
      where r.org_id = ${scope.orgId}::uuid
        and r.created_at >= ${ts(scope.from)} and r.created_at < ${ts(scope.to)}
        and r.created_by is not null
        ${fundFilter(scope)}
      group by r.created_by
    ), approved as (
      select r.approved_by as user_id, count(*)::int as approvals,
        (percentile_cont(0.5) within group (order by extract(epoch from (r.approved_at - m.created_at))) / 3600)::float8
          as median_hours
      from ai_responses r
      join investor_messages m on m.id = r.message_id
      where r.org_id = ${scope.orgId}::uuid
        and r.approved_at is not null and r.sent_email_id is not null
        and r.approved_at >= ${ts(scope.from)} and r.approved_at < ${ts(scope.to)}
        and r.approved_by is not null
        ${fundFilter(scope)}
      group by r.approved_by
    )
    select u.id as user_id, p.name, u.email, coalesce(w.drafts, 0) as drafts, coalesce(w.edits, 0) as edits,
      coalesce(a.approvals, 0) as approvals, a.median_hours
    from (select user_id from written union select user_id from approved) ids
    join users u on u.id = ids.user_id
    left join profiles p on p.id = u.id
    left join written w on w.user_id = ids.user_id
    left join approved a on a.user_id = ids.user_id
    order by coalesce(p.name, u.email), u.email`)) as Rows<MemberFigures>;
  return result.rows;
}
