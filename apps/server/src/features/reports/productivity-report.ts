import type { DbOrTx } from '../../db/client';
import { csvRow } from '../audit/audit-export-csv';
import { formatHours, formatUtc, periodLine, type ReportContent, type ReportHeader } from './report-content';
import { type ReportScope, summariseMembers } from './report-data.queries';

export const PRODUCTIVITY_CSV_COLUMNS = [
  'member',
  'email',
  'drafts_generated',
  'edits_saved',
  'replies_approved',
  'median_hours_to_reply',
] as const;

/**
 * The Productivity report (docs/product.md §2 Reports): per member who worked in the period, the drafts
 * they generated, the edits they saved, the replies they approved and sent, and the median hours from a
 * message's arrival to their approval of its reply.
 */
export async function buildProductivityReport(
  db: DbOrTx,
  header: ReportHeader,
  scope: ReportScope,
  onProgress: (share: number) => Promise<void>,
): Promise<ReportContent> {
  const members = await summariseMembers(db, scope);
  await onProgress(0.8);
  const total = (pick: (m: (typeof members)[number]) => number) => members.reduce((n, m) => n + pick(m), 0);

  const csv = [
    csvRow(PRODUCTIVITY_CSV_COLUMNS),
    ...members.map((m) =>
      csvRow([
        m.name ?? m.email,
        m.email,
        m.drafts,
        m.edits,
        m.approvals,
        m.median_hours === null ? null : formatHours(m.median_hours),
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
            `Members who drafted, edited or approved: ${members.length}`,
            `Drafts generated: ${total((m) => m.drafts)}`,
            `Edits saved: ${total((m) => m.edits)}`,
            `Replies approved and sent: ${total((m) => m.approvals)}`,
          ],
        },
        {
          heading: 'By member',
          columns: [
            { label: 'Member', width: 18 },
            { label: 'E-mail', width: 22 },
            { label: 'Drafts generated', width: 9 },
            { label: 'Edits saved', width: 9 },
            { label: 'Replies approved', width: 9 },
            { label: 'Median hours to reply', width: 10 },
          ],
          rows: members.map((m) => [
            m.name ?? m.email,
            m.email,
            String(m.drafts),
            String(m.edits),
            String(m.approvals),
            formatHours(m.median_hours),
          ]),
          empty: 'Nobody drafted, edited or approved a reply in this period.',
        },
      ],
    },
    csv,
  };
}
