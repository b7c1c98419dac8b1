import type { DbOrTx } from '../../db/client';
import { csvRow } from '../audit/audit-export-csv';
import { formatHours, formatUtc, periodLine, type ReportContent, type ReportHeader } from './report-content';
import {
  countTopicsByFund,
  type ReportScope,
  summariseMessagesByFund,
  summariseRepliesByFund,
} from './report-data.queries';
import { listProjectsOf } from './reports.queries';

/** Topics shown per fund. */
const TOP_TOPICS = 3;
/** A message whose sentiment score (0–1, neutral 0.5) is below this reads as negative. */
export const NEGATIVE_SENTIMENT_BELOW = 0.4;

export const MANAGEMENT_CSV_COLUMNS = [
  'fund',
  'messages_received',
  'replies_sent',
  'median_hours_to_reply',
  'average_sentiment',
  'negative_messages',
  'top_topics',
] as const;

const key = (projectId: string | null) => projectId ?? '';

/**
 * The Management report (docs/product.md §2 Reports): per fund, the messages received, the replies
 * sent, the median time from a message's arrival to its reply's approval, the mean sentiment (and how
 * many messages read negative) and the most frequent topics. Messages without a fund are one row.
 */
export async function buildManagementReport(
  db: DbOrTx,
  header: ReportHeader,
  scope: ReportScope,
  onProgress: (share: number) => Promise<void>,
): Promise<ReportContent> {
  const funds = await listProjectsOf(db, scope.orgId, scope.projectId);
  const messages = new Map((await summariseMessagesByFund(db, scope)).map((r) => [key(r.project_id), r]));
  await onProgress(0.3);
  const replies = new Map((await summariseRepliesByFund(db, scope)).map((r) => [key(r.project_id), r]));
  await onProgress(0.6);
  const topics = new Map<string, string[]>();
  for (const row of await countTopicsByFund(db, scope)) {
    const list = topics.get(key(row.project_id)) ?? [];
    if (list.length < TOP_TOPICS) list.push(`${row.topic} (${row.count})`);
    topics.set(key(row.project_id), list);
  }
  await onProgress(0.8);

  const rows = [
    ...funds.map((f) => ({ id: f.id, name: f.name })),
    ...(scope.projectId === null && (messages.has('') || replies.has(''))
      ? [{ id: '', name: 'No fund' }]
      : []),
  ].map((fund) => {
    const m = messages.get(fund.id);
    const r = replies.get(fund.id);
    return {
      fund: fund.name,
      received: m?.received ?? 0,
      sent: r?.sent ?? 0,
      medianHours: r?.median_hours ?? null,
      sentiment: m?.avg_sentiment ?? null,
      negative: m?.negative ?? 0,
      topics: topics.get(fund.id) ?? [],
    };
  });
  const total = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((n, row) => n + pick(row), 0);
  const sentiment = (value: number | null) => (value === null ? '—' : value.toFixed(2));

  const csv = [
    csvRow(MANAGEMENT_CSV_COLUMNS),
    ...rows.map((row) =>
      csvRow([
        row.fund,
        row.received,
        row.sent,
        row.medianHours === null ? null : formatHours(row.medianHours),
        row.sentiment === null ? null : sentiment(row.sentiment),
        row.negative,
        row.topics.join('; '),
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
            `Messages received: ${total((r) => r.received)}`,
            `Replies sent: ${total((r) => r.sent)}`,
            `Negative messages (sentiment below ${NEGATIVE_SENTIMENT_BELOW}): ${total((r) => r.negative)}`,
          ],
        },
        {
          heading: 'By fund',
          columns: [
            { label: 'Fund', width: 16 },
            { label: 'Messages received', width: 9 },
            { label: 'Replies sent', width: 8 },
            { label: 'Median hours to reply', width: 9 },
            { label: 'Average sentiment (0-1)', width: 9 },
            { label: 'Negative messages', width: 8 },
            { label: 'Top topics', width: 24 },
          ],
          rows: rows.map((row) => [
            row.fund,
            String(row.received),
            String(row.sent),
            formatHours(row.medianHours),
            sentiment(row.sentiment),
            String(row.negative),
            row.topics.join(', ') || '—',
          ]),
          empty: 'The organisation has no funds yet.',
        },
      ],
    },
    csv,
  };
}
