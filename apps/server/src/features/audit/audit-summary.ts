import { formatRole, roleSchema } from '@parley/contracts';

type Json = Record<string, unknown>;

/** The list shows a line, not the record: the detail view has every field. */
const SUMMARY_MAX = 160;

/** Details said first when present: what a reader looks for to tell entries apart. */
const FIRST = [
  'name',
  'title',
  'term',
  'file_name',
  'email',
  'role',
  'version',
  'method',
  'reason',
  'status',
];

/** Keys that say nothing to a reader in one line: ids and digests are in the detail view. */
function isQuiet(key: string): boolean {
  return key.endsWith('_id') || key.endsWith('_ids') || key.includes('sha256') || key.includes('hash');
}

/** A role in its words, as every screen shows it; any other string as it is. */
function stringText(value: string): string {
  const role = roleSchema.safeParse(value);
  return role.success ? formatRole(role.data) : value;
}

function valueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return stringText(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? null : `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object' && 'from' in value && 'to' in value && Object.keys(value).length === 2) {
    const { from, to } = value as { from: unknown; to: unknown };
    return `${valueText(from) ?? '—'} → ${valueText(to) ?? '—'}`;
  }
  return null;
}

/**
 * A short line about an entry from its details, for the Audit Logs list: the telling fields first
 * (name, term, file, e-mail, …), then the rest, as `key: value` separated by ' · ', at most 160
 * characters. Generic over every action type, so a new action needs no summary code.
 */
export function summarizeAuditDetails(details: Json): string {
  const keys = [
    ...FIRST.filter((k) => k in details),
    ...Object.keys(details).filter((k) => !FIRST.includes(k)),
  ];
  const parts: string[] = [];
  const hasMove = 'from' in details && 'to' in details;
  if (hasMove) parts.push(valueText({ from: details.from, to: details.to }) ?? '');
  for (const key of keys) {
    if (hasMove && (key === 'from' || key === 'to')) continue;
    if (isQuiet(key)) continue;
    const text = valueText(details[key]);
    if (text === null) continue;
    parts.push(key === 'version' ? `v${text}` : `${key.replaceAll('_', ' ')}: ${text}`);
  }
  const line = parts.join(' · ');
  return line.length > SUMMARY_MAX ? `${line.slice(0, SUMMARY_MAX - 1)}…` : line;
}
