/**
 * Reading SPF, DKIM and DMARC TXT records (the rules around them: docs/operations.md, Email health
 * checks). Each takes the TXT records found at a name, each record's strings already joined.
 */

export type DmarcPolicy = 'none' | 'quarantine' | 'reject';

/** A record's `tag=value` pairs (DKIM, RFC 6376 §3.2; DMARC, RFC 7489 §6.4), tag names lower-cased. */
export function parseTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  return tags;
}

/**
 * The records of one kind at a name. More than one SPF record (RFC 7208 §4.5) or DMARC record
 * (RFC 7489 §6.6.3) makes receivers ignore them all, so `record` is set only when there is exactly one.
 */
export type RecordFinding = { record: string | null; count: number };

function findOnly(records: string[], isOfKind: (record: string) => boolean): RecordFinding {
  const found = records.filter(isOfKind);
  return { record: found.length === 1 ? (found[0] ?? null) : null, count: found.length };
}

/** SPF records start with the version `v=spf1`, case-insensitive, ended by a space or the record's end. */
export function findSpf(records: string[]): RecordFinding {
  return findOnly(records, (record) => /^v=spf1(\s|$)/i.test(record.trim()));
}

/** DMARC records start with the tag `v=DMARC1` (RFC 7489 §6.3). */
export function findDmarc(records: string[]): RecordFinding {
  return findOnly(records, (record) => /^v\s*=\s*DMARC1\s*(;|$)/.test(record.trim()));
}

/** A DMARC record's `p=`; null when missing or not one of the three policies. */
export function dmarcPolicyOf(record: string): DmarcPolicy | null {
  const policy = parseTags(record).get('p')?.toLowerCase();
  return policy === 'none' || policy === 'quarantine' || policy === 'reject' ? policy : null;
}

/** A DKIM key record with a public key: an empty `p=` means the key was revoked (RFC 6376 §3.6.1). */
export function hasDkimKey(records: string[]): boolean {
  return records.some((record) => (parseTags(record).get('p') ?? '').replace(/\s/g, '') !== '');
}
