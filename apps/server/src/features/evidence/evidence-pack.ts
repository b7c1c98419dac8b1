import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { canonicalJson } from '../../lib/audit';
import { type AuditEntryLine, auditEntryLine } from '../audit/audit-export-line';
import {
  ERASURE_ACTION,
  findAuditEntry,
  findChainHead,
  findOrganizationName,
  findPeople,
  listDeliveryEvents,
  listSentMails,
  listThreadApprovalRequests,
  listThreadAuditEntries,
  listThreadDismissals,
  listThreadMessages,
  listThreadVersions,
  type PackAuditRow,
  type ThreadMessage,
} from './evidence-pack.queries';

// docs/decisions/031-evidence-packs.md: what an evidence pack holds, as one JSON document per pack.

export const EVIDENCE_PACK_FORMAT = 'parley-evidence-pack/1';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export type AuditLine = AuditEntryLine;

/** Rows of one query, grouped by the thread (or mail) they belong to, in the order they came. */
function groupBy<T>(rows: T[], keyOf: (row: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * The threads' records — the message, each draft version, flags and fixes, approval, the reply as
 * sent — in the order of `messageIds`; a message that is not the organisation's is left out. Each
 * table is read once for all of them (a selection holds up to 200 threads).
 */
export async function collectThreads(db: DbOrTx, orgId: string, messageIds: string[]) {
  const rows = new Map((await listThreadMessages(db, orgId, messageIds)).map((m) => [m.id, m]));
  const messages = messageIds.flatMap((id) => rows.get(id) ?? []);
  const ids = messages.map((m) => m.id);
  const found = new Set(ids);
  const [versionRows, dismissalRows, requestRows] = await Promise.all([
    listThreadVersions(db, orgId, ids),
    listThreadDismissals(db, orgId, ids),
    listThreadApprovalRequests(db, orgId, ids),
  ]);
  const outboxIds = versionRows.flatMap((v) => (v.sentEmailId ? [v.sentEmailId] : []));
  const [mailRows, eventRows] = await Promise.all([
    listSentMails(db, orgId, outboxIds),
    listDeliveryEvents(db, orgId, outboxIds),
  ]);
  const mails = new Map(mailRows.map((m) => [m.id, m]));
  const eventsOf = groupBy(eventRows, (e) => e.outboxId);
  const versionsOf = groupBy(versionRows, (v) => v.messageId);
  const dismissalsOf = groupBy(dismissalRows, (d) => d.messageId);
  const requestsOf = groupBy(requestRows, (r) => r.messageId);

  /** Which thread each record belongs to, so an audit entry about it lands in that thread. */
  const threadOfRecord = new Map<string, string>(ids.map((id) => [id, id]));
  for (const v of versionRows) {
    threadOfRecord.set(v.id, v.messageId);
    if (v.sentEmailId && mails.has(v.sentEmailId)) threadOfRecord.set(v.sentEmailId, v.messageId);
  }
  for (const r of [...requestRows, ...dismissalRows]) threadOfRecord.set(r.id, r.messageId);
  const auditRows = await listThreadAuditEntries(db, orgId, {
    messageIds: ids,
    entityIds: [...threadOfRecord.keys()],
  });
  const auditOf = new Map<string, PackAuditRow[]>();
  const erasuresOf = new Map<string, PackAuditRow[]>();
  const add = (map: Map<string, PackAuditRow[]>, id: string, row: PackAuditRow) => {
    const list = map.get(id);
    if (list) list.push(row);
    else map.set(id, [row]);
  };
  for (const row of auditRows) {
    const threads = new Set<string>();
    const owner = row.entityId ? threadOfRecord.get(row.entityId) : undefined;
    if (owner) threads.add(owner);
    const named = row.details.message_id;
    if (typeof named === 'string' && found.has(named)) threads.add(named);
    if (row.actionType === ERASURE_ACTION) {
      for (const id of erasedMessageIds(row.details)) {
        if (!found.has(id)) continue;
        threads.add(id);
        add(erasuresOf, id, row);
      }
    }
    for (const id of threads) add(auditOf, id, row);
  }
  return messages.map((message) =>
    threadRecord({
      message,
      versions: versionsOf.get(message.id) ?? [],
      dismissals: dismissalsOf.get(message.id) ?? [],
      requests: requestsOf.get(message.id) ?? [],
      mails,
      eventsOf,
      audit: auditOf.get(message.id) ?? [],
      erasures: erasuresOf.get(message.id) ?? [],
    }),
  );
}

/** The message ids an erasure's audit entry lists (docs/decisions/030-data-retention.md). */
function erasedMessageIds(details: Record<string, unknown>): string[] {
  const ids = details.message_ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** One thread of the pack, from its rows. */
function threadRecord(rows: {
  message: ThreadMessage;
  versions: Awaited<ReturnType<typeof listThreadVersions>>;
  dismissals: Awaited<ReturnType<typeof listThreadDismissals>>;
  requests: Awaited<ReturnType<typeof listThreadApprovalRequests>>;
  mails: Map<string, Awaited<ReturnType<typeof listSentMails>>[number]>;
  eventsOf: Map<string, Awaited<ReturnType<typeof listDeliveryEvents>>>;
  audit: PackAuditRow[];
  erasures: PackAuditRow[];
}) {
  const { message, versions, dismissals, requests } = rows;
  const replies = versions.flatMap((v) => {
    const mail = v.sentEmailId ? rows.mails.get(v.sentEmailId) : undefined;
    if (!mail) return [];
    return [
      {
        version: v.versionNumber,
        outbox_id: mail.id,
        to: mail.toEmail,
        subject: mail.subject,
        status: mail.status,
        message_id: mail.messageId,
        queued_at: iso(mail.createdAt),
        sent_at: iso(mail.sentAt),
        attempts: mail.attempts,
        last_error: mail.lastError,
        /** The file of the pack holding the message byte for byte; null when it was never composed. */
        raw_file: mail.rawMessage ? `threads/${message.id}/reply-v${v.versionNumber}.eml` : null,
        raw_sha256: mail.rawMessage ? sha256(mail.rawMessage) : null,
        raw: mail.rawMessage,
        delivery_events: (rows.eventsOf.get(mail.id) ?? []).map((e) => ({
          action: e.actionType,
          success: e.success,
          at: iso(e.createdAt),
          details: e.details,
        })),
      },
    ];
  });
  return {
    message: {
      id: message.id,
      fund: message.projectId ? { id: message.projectId, name: message.projectName } : null,
      investor_name: message.investorName,
      investor_email: message.investorEmail,
      subject: message.subject,
      body: message.bodyText,
      status: message.status,
      received_at: iso(message.createdAt),
      created_by: message.createdBy,
    },
    /**
     * The erasures that pseudonymised this thread after the fact (docs/decisions/030-data-retention.md):
     * its texts name a pseudonym, so an approved text may no longer match the SHA-256 recorded when it
     * was approved. Each one's audit entry is in audit.jsonl.
     */
    pseudonymised_by: rows.erasures.map((e) => ({
      erasure_request_id: e.entityId,
      erased_at: e.createdAt.toISOString(),
      audit_entry_id: e.id,
      audit_seq: e.seq,
    })),
    versions: versions.map((v) => ({
      version: v.versionNumber,
      source: v.source,
      text: v.text,
      text_sha256: sha256(v.text),
      created_by: v.createdBy,
      created_at: iso(v.createdAt),
      provenance: v.provenance,
      citations: v.citations,
      compliance: {
        checked_at: iso(v.complianceCheckedAt),
        requires_approval: v.requiresApproval,
        flags: v.complianceFlags ?? [],
      },
    })),
    flag_dismissals: dismissals.map((d) => ({
      version: d.versionNumber,
      rule: d.rule,
      term: d.term,
      severity: d.severity,
      sentence: d.sentence,
      reason: d.reason,
      dismissed_by: d.dismissedBy,
      dismissed_at: iso(d.dismissedAt),
      restored_by: d.restoredBy,
      restored_at: iso(d.restoredAt),
    })),
    approval_requests: requests.map((r) => ({
      version: r.versionNumber,
      text_sha256: r.textSha256,
      status: r.status,
      submitted_by: r.submittedBy,
      submitted_at: iso(r.submittedAt),
      decided_by: r.decidedBy,
      decided_at: iso(r.decidedAt),
      comment: r.comment,
    })),
    approvals: versions
      .filter((v) => v.approvedAt)
      .map((v) => ({
        version: v.versionNumber,
        approved_by: v.approvedBy,
        approved_at: iso(v.approvedAt),
        approved_text: v.finalResponse,
        /** As recorded at approval: an erasure since changes the text, never this. */
        approved_text_sha256: v.approvedTextSha256,
        compliance_tag: v.complianceTag,
        override_reason: v.overrideReason,
        overridden_flags: v.overrideFlags ?? [],
      })),
    replies,
    audit: rows.audit.map(auditEntryLine),
  };
}

export type PackThread = ReturnType<typeof threadRecord>;

export type PackScope =
  | { kind: 'thread'; message_id: string }
  | {
      kind: 'selection';
      investor: string | null;
      fund: string | null;
      from: string | null;
      to: string | null;
    };

/** Everything a pack says, before it is written to files. */
export async function collectPack(
  db: DbOrTx,
  input: {
    orgId: string;
    scope: PackScope;
    messageIds: string[];
    generatedAt: Date;
    generatedBy: string | null;
    /** The audit entry that records this export. */
    exportEntryId: string;
  },
) {
  const threads = await collectThreads(db, input.orgId, input.messageIds);
  const people = new Set<string>();
  const note = (id: string | null | undefined) => id && people.add(id);
  for (const t of threads) {
    note(t.message.created_by);
    for (const v of t.versions) note(v.created_by);
    for (const a of t.approvals) note(a.approved_by);
    for (const r of t.approval_requests) for (const id of [r.submitted_by, r.decided_by]) note(id);
    for (const d of t.flag_dismissals) for (const id of [d.dismissed_by, d.restored_by]) note(id);
    for (const e of t.audit) note(e.actor_id);
  }
  note(input.generatedBy);
  const head = await findChainHead(db, input.orgId);
  const exportEntry = await findAuditEntry(db, input.orgId, input.exportEntryId);
  return {
    format: EVIDENCE_PACK_FORMAT,
    organisation: { id: input.orgId, name: await findOrganizationName(db, input.orgId) },
    scope: input.scope,
    generated_at: input.generatedAt.toISOString(),
    generated_by: input.generatedBy,
    people: (await findPeople(db, [...people])).map((p) => ({ id: p.id, name: p.name, email: p.email })),
    chain_head: head ? { seq: head.seq, hash: head.hash } : null,
    export_entry: exportEntry ? auditEntryLine(exportEntry) : null,
    threads,
  };
}

export type PackData = Awaited<ReturnType<typeof collectPack>>;

/** The audit entries of all threads, each once, in chain order. */
export function packAuditLines(pack: PackData): AuditLine[] {
  const bySeq = new Map<number, AuditLine>();
  for (const t of pack.threads) for (const e of t.audit) bySeq.set(e.seq, e);
  if (pack.export_entry) bySeq.set(pack.export_entry.seq, pack.export_entry);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** pack.json: the pack without the raw messages, which are files of their own. */
export function packJson(pack: PackData): string {
  const threads = pack.threads.map((t) => ({
    ...t,
    replies: t.replies.map(({ raw: _raw, ...rest }) => rest),
    audit: undefined,
  }));
  return `${canonicalJson({ ...pack, threads })}\n`;
}
