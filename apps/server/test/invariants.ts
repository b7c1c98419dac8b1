import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * Rows of the organisation that a half-done write would leave behind; each query must find none.
 * Scoped to the scene's organisation: other test files share the PostgreSQL database.
 */
function invariants(orgId: string): Record<string, ReturnType<typeof sql>> {
  return {
    'accepted invitations without their member': sql`select count(*)::int as n from user_invitations i
      where i.org_id = ${orgId} and i.accepted and not exists (select 1 from org_memberships m
        where m.user_id = i.accepted_user_id and m.org_id = i.org_id)`,
    // A message resolved without a reply (triage, docs/decisions/050-triage-unread-and-owner.md) has its entry.
    'resolved messages without a final reply or a resolution entry': sql`select count(*)::int as n
      from investor_messages m
      where m.org_id = ${orgId} and m.status = 'resolved' and not exists (select 1 from ai_responses r
        where r.message_id = m.id and r.final_response is not null)
        and not exists (select 1 from audit_logs a where a.chain = m.org_id::text
          and a.action_type = 'message_resolved' and a.entity_id = m.id::text)`,
    'approvals without their audit entry': sql`select count(*)::int as n from ai_responses r
      where r.org_id = ${orgId} and r.approved_at is not null and not exists (select 1 from audit_logs a
        where a.chain = r.org_id::text and a.action_type = 'response_approved' and a.entity_id = r.id::text)`,
    'approvals without their outgoing mail': sql`select count(*)::int as n from ai_responses r
      where r.org_id = ${orgId} and r.approved_at is not null and (r.sent_email_id is null
        or not exists (select 1 from email_outbox o where o.id = r.sent_email_id))`,
    'reply mails without their approval': sql`select count(*)::int as n from email_outbox o
      where o.org_id = ${orgId} and o.template = 'investor_reply'
        and not exists (select 1 from ai_responses r where r.sent_email_id = o.id)`,
    'documents of no fund': sql`select count(*)::int as n from project_documents d
      where d.org_id = ${orgId} and not exists (select 1 from projects p where p.id = d.project_id)`,
  };
}

/** The names of the invariants that `orgId`'s rows break; empty when nothing is half-done. */
export async function halfDone(db: Db, orgId: string): Promise<string[]> {
  const found: string[] = [];
  for (const [name, query] of Object.entries(invariants(orgId))) {
    const rows = (await db.execute(query)) as unknown as { rows?: { n: number }[] } | { n: number }[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    if ((list[0]?.n ?? 0) > 0) found.push(name);
  }
  return found;
}
