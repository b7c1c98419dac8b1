import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Records what Analytics counts of a reply just approved (reply_outcomes, docs/decisions/043-analytics.md),
 * from the rows the approval wrote in the caller's transaction: call it after the version's approval
 * fields and its submission's decision are stored. Migration 0026 fills the table for earlier replies
 * with the same rules.
 */
export async function recordReplyOutcome(tx: Tx, responseId: string) {
  await tx.execute(sql`
    insert into reply_outcomes (response_id, org_id, message_id, project_id, received_at, approved_at,
      first_reply, first_pass, from_template, rating, waited_seconds)
    select r.id, r.org_id, r.message_id, m.project_id, m.created_at, r.approved_at,
      not exists (select 1 from ai_responses e where e.message_id = r.message_id and e.id <> r.id
        and e.approved_at is not null and e.sent_email_id is not null and e.approved_at <= r.approved_at),
      not exists (select 1 from approval_requests q where q.message_id = r.message_id
        and q.status = 'changes_requested' and q.decided_at <= r.approved_at),
      (r.provenance ? 'library' or jsonb_array_length(coalesce(r.provenance->'templates', '[]'::jsonb)) > 0),
      r.approval_rating,
      (select extract(epoch from q.decided_at - q.submitted_at)::int from approval_requests q
        where q.message_id = r.message_id and q.response_id = r.id and q.status = 'approved'
        order by q.decided_at desc limit 1)
    from ai_responses r join investor_messages m on m.id = r.message_id
    where r.id = ${responseId}::uuid and r.approved_at is not null
    on conflict (response_id) do nothing`);
}
