import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * The flags Analytics counts (docs/decisions/043-analytics.md): each rule and term once per message,
 * raised by the first stored check that found it, settled when the message is answered. Both writes run
 * in the caller's transaction, beside the check or the approval they record.
 */

type RaisedFlag = { rule: string; term: string; severity: string };

/** The longest term kept: a sentence-level flag's term is its whole span. */
const TERM_MAX = 200;

function flagRows(flags: readonly RaisedFlag[]) {
  return JSON.stringify(
    flags.map((flag) => ({ rule: flag.rule, term: flag.term.slice(0, TERM_MAX), severity: flag.severity })),
  );
}

/** Records the flags of a check stored on version `draftId`, authored by whoever wrote that version. */
export async function recordFlagOccurrences(
  tx: Tx,
  input: { orgId: string; messageId: string; draftId: string; flags: readonly RaisedFlag[]; now: Date },
) {
  if (input.flags.length === 0) return;
  await tx.execute(sql`
    insert into flag_occurrences (org_id, message_id, project_id, response_id, rule, term, severity, author_id, raised_at)
    select ${input.orgId}::uuid, ${input.messageId}::uuid, r.project_id, r.id, f.rule, f.term, f.severity, r.created_by, ${input.now}::timestamptz
    from ai_responses r
    cross join jsonb_to_recordset(${flagRows(input.flags)}::jsonb) as f(rule text, term text, severity text)
    where r.id = ${input.draftId}::uuid
    on conflict (message_id, rule, lower(term)) do nothing`);
}

/**
 * Settles the message's open flags when its reply is sent: a flag the sent text no longer raises was
 * fixed; one it still raises was cleared as not a problem (`dismissal` set) or sent as written.
 */
export async function settleFlagOccurrences(
  tx: Tx,
  input: {
    messageId: string;
    flags: readonly (RaisedFlag & { dismissal?: unknown })[];
    now: Date;
  },
) {
  const sent = JSON.stringify(
    input.flags.map((flag) => ({
      rule: flag.rule,
      term: flag.term.slice(0, TERM_MAX).toLowerCase(),
      outcome: flag.dismissal === undefined ? 'sent' : 'dismissed',
    })),
  );
  await tx.execute(sql`
    update flag_occurrences o
    set outcome = coalesce(
          (select s.outcome from jsonb_to_recordset(${sent}::jsonb) as s(rule text, term text, outcome text)
           where s.rule = o.rule and s.term = lower(o.term) order by s.outcome = 'sent' desc limit 1),
          'fixed'),
        outcome_at = ${input.now}::timestamptz
    where o.message_id = ${input.messageId}::uuid and o.outcome is null`);
}
