import type { AuditVerifyResponse } from '@parley/contracts';
import type { DbOrTx } from '../../db/client';
import { csvRow } from '../audit/audit-export-csv';
import { withDismissals } from '../replies/flag-dismissals';
import type { ReportContent, ReportHeader } from './report-content';
import { formatUtc, periodLine } from './report-content';
import { listSentRepliesBatch, type ReportScope, type SentReplyRow } from './report-data.queries';

/** Replies read per query: a long period is walked in batches (docs/decisions/044-reports.md). */
const BATCH = 200;

type StoredFlag = { rule: string; severity: string; term: string; start: number; end: number };

function flagsOf(value: unknown): StoredFlag[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (f): f is StoredFlag =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as StoredFlag).rule === 'string' &&
      typeof (f as StoredFlag).start === 'number' &&
      typeof (f as StoredFlag).end === 'number',
  );
}

const flagLabel = (f: { severity: string; rule: string; term: string }) =>
  `${f.severity}: ${f.term || f.rule} (${f.rule})`;

/** Delivery as the last word on the mail: the provider's latest report, else the outbox status. */
function deliveryOf(row: SentReplyRow): string {
  if (row.last_event?.startsWith('email_')) return row.last_event.slice('email_'.length);
  return row.outbox_status ?? 'unknown';
}

export const COMPLIANCE_CSV_COLUMNS = [
  'approved_at',
  'investor_name',
  'investor_email',
  'fund',
  'subject',
  'version',
  'approver',
  'flags',
  'cleared_flags',
  'override_reason',
  'override_flags',
  'text_sha256',
  'delivery',
] as const;

type ReplyLine = {
  approvedAt: string;
  investor: string;
  investorEmail: string;
  fund: string;
  subject: string;
  version: number;
  approver: string;
  flags: string[];
  cleared: string[];
  overrideReason: string | null;
  overrideFlags: string[];
  textSha256: string;
  delivery: string;
};

/**
 * The Compliance report (docs/product.md §2 Reports): every reply sent in the period — investor,
 * approver, flags and their resolution (cleared as 'Not a problem here', or overridden with a reason),
 * the SHA-256 of the text approved, delivery — then the overrides and the audit chain's verification.
 */
export async function buildComplianceReport(
  db: DbOrTx,
  header: ReportHeader,
  scope: ReportScope,
  steps: { verifyChain: () => Promise<AuditVerifyResponse>; onProgress: (share: number) => Promise<void> },
): Promise<ReportContent> {
  const lines: ReplyLine[] = [];
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const batch = await listSentRepliesBatch(db, scope, after, BATCH);
    for (const row of batch) {
      const text = row.final_response ?? row.ai_draft;
      const flags = await withDismissals(
        db,
        scope.orgId,
        row.message_id,
        text,
        flagsOf(row.compliance_flags),
      );
      lines.push({
        approvedAt: formatUtc(new Date(row.approved_at)),
        investor: row.investor_name,
        investorEmail: row.investor_email,
        fund: row.fund_name ?? '—',
        subject: row.subject,
        version: row.version_number,
        approver: row.approver_name ?? '—',
        flags: flags.filter((f) => !f.dismissal).map(flagLabel),
        cleared: flags.flatMap((f) =>
          f.dismissal
            ? [`${flagLabel(f)}: "${f.dismissal.reason}" by ${f.dismissal.by_name ?? 'a member'}`]
            : [],
        ),
        overrideReason: row.override_reason,
        // An override goes over high-severity flags only; they are stored without their severity.
        overrideFlags: flagsOf(row.override_flags).map((flag) => flagLabel({ ...flag, severity: 'high' })),
        textSha256: row.approved_text_sha256 ?? '—',
        delivery: deliveryOf(row),
      });
    }
    await steps.onProgress(Math.min(0.8, lines.length / (lines.length + BATCH)));
    const last = batch.at(-1);
    if (batch.length < BATCH || !last) break;
    after = { at: new Date(last.approved_at), id: last.id };
  }

  const chain = await steps.verifyChain();
  await steps.onProgress(0.9);

  const overrides = lines.filter((l) => l.overrideReason !== null);
  const flagged = lines.filter((l) => l.flags.length > 0 || l.overrideFlags.length > 0);
  const delivered = lines.filter((l) => l.delivery === 'delivered' || l.delivery === 'sent').length;
  const chainLine = chain.valid
    ? `Audit chain verified: ${chain.entries} entries intact, ${chain.checkpoints_checked} signed checkpoints checked (${formatUtc(new Date(chain.verified_at))}).`
    : `Audit chain NOT verified: ${chain.problem?.message ?? 'a problem was found'} (entry ${chain.problem?.seq ?? '?'}).`;

  const csv = [
    csvRow(COMPLIANCE_CSV_COLUMNS),
    ...lines.map((l) =>
      csvRow([
        l.approvedAt,
        l.investor,
        l.investorEmail,
        l.fund,
        l.subject,
        l.version,
        l.approver,
        l.flags.join('; '),
        l.cleared.join('; '),
        l.overrideReason,
        l.overrideFlags.join('; '),
        l.textSha256,
        l.delivery,
      ]),
    ),
  ].join('');

  return {
    document: {
      title: header.title,
      subtitle: [periodLine(header), `Generated ${formatUtc(header.generatedAt)} by ${header.createdByName}`],
      sections: [
        {
          heading: 'Summary',
          lines: [
            `Replies sent: ${lines.length}`,
            `Replies with unresolved flags or an override: ${flagged.length}`,
            `Flags cleared as 'Not a problem here': ${lines.reduce((n, l) => n + l.cleared.length, 0)}`,
            `Overrides: ${overrides.length}`,
            `Delivered or accepted by the mail server: ${delivered} of ${lines.length}`,
            chainLine,
          ],
        },
        {
          heading: 'Replies sent',
          columns: [
            { label: 'Approved (UTC)', width: 9 },
            { label: 'Investor', width: 12 },
            { label: 'Fund', width: 8 },
            { label: 'Subject', width: 11 },
            { label: 'Ver.', width: 3 },
            { label: 'Approver', width: 8 },
            { label: 'Flags', width: 12 },
            { label: 'Cleared', width: 12 },
            { label: 'Text SHA-256', width: 14 },
            { label: 'Delivery', width: 6 },
          ],
          rows: lines.map((l) => [
            l.approvedAt,
            `${l.investor} <${l.investorEmail}>`,
            l.fund,
            l.subject,
            String(l.version),
            l.approver,
            l.flags.join('\n') || 'None',
            l.cleared.join('\n') || '—',
            l.textSha256,
            l.delivery,
          ]),
          empty: 'No replies were sent in this period.',
        },
        {
          heading: 'Overrides',
          columns: [
            { label: 'Approved (UTC)', width: 10 },
            { label: 'Investor', width: 14 },
            { label: 'Approver', width: 10 },
            { label: 'Flags overridden', width: 20 },
            { label: 'Reason', width: 30 },
          ],
          rows: overrides.map((l) => [
            l.approvedAt,
            l.investor,
            l.approver,
            l.overrideFlags.join('\n') || '—',
            l.overrideReason ?? '',
          ]),
          empty: 'No reply was approved over high-severity flags in this period.',
        },
        { heading: 'Audit chain verification', lines: [chainLine] },
      ],
    },
    csv,
  };
}
