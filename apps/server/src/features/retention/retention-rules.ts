import { createHmac, hkdfSync } from 'node:crypto';

/**
 * The pure rules of data retention (docs/decisions/030-data-retention.md): when a record leaves its
 * retention period, and the stable pseudonym an erased investor becomes.
 */

/**
 * The moment a record dated `from` leaves a period of `years`: the same calendar day and time `years`
 * later, in UTC (29 February rolls to 1 March).
 */
export function retainedUntil(from: Date, years: number): Date {
  const until = new Date(from.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + years);
  return until;
}

export function isInsideRetention(from: Date, years: number, now: Date): boolean {
  return retainedUntil(from, years).getTime() > now.getTime();
}

/** The day a refusal names: YYYY-MM-DD in UTC, the same for every reader. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Derived from ENCRYPTION_KEY like the unsubscribe key, so no second secret has to be managed. */
export function derivePseudonymKey(encryptionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'parley pseudonym v1', 32));
}

/**
 * 'Investor 7f3a9c01': the same investor of an organisation always gets the same pseudonym (a second
 * erasure, once more records leave retention, uses the same one), but it cannot be turned back into the
 * address without the server's key. Eight hex digits keep two investors of one organisation apart.
 */
export function pseudonymFor(key: Buffer, orgId: string, email: string): { name: string; email: string } {
  const tag = createHmac('sha256', key)
    .update(`${orgId}\n${email.trim().toLowerCase()}`)
    .digest('hex')
    .slice(0, 8);
  // .invalid (RFC 2606) can never be delivered to.
  return { name: `Investor ${tag}`, email: `investor-${tag}@erased.invalid` };
}

/** Names shorter than this are not searched for in free text: 'Al' would erase half a letter. */
const MIN_NAME_LENGTH = 3;

/**
 * The PostgreSQL regular expressions (case-insensitive, `regexp_replace(..., 'gi')`) that find the
 * investor's identity in free text: the e-mail address first, then each name it was recorded under.
 */
export function identityPatterns(email: string, names: readonly string[]): string[] {
  const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const distinct = [
    ...new Set(names.map((name) => name.trim()).filter((name) => name.length >= MIN_NAME_LENGTH)),
  ];
  // Longest first, so 'Jane Hart' is replaced before 'Jane' could split it.
  distinct.sort((a, b) => b.length - a.length);
  return [escapeRegex(email), ...distinct.map(escapeRegex)];
}
