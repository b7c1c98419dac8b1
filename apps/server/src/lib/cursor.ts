import { AppError } from './errors';

/**
 * The one codec of keyset pagination cursors: the sort key of the last row of a page, as a JSON array
 * of strings in base64url so it travels in a query string. Opaque to clients; every list answers a
 * cursor it did not make with the same 400 naming `cursor`.
 */
export function encodeCursor(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

/** The parts of a cursor this server made with `arity` parts, or null for anything else. */
export function decodeCursor(value: string, arity: number): string[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== arity) return null;
  if (!parsed.every((part): part is string => typeof part === 'string')) return null;
  return parsed;
}

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor';

export function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', { fields: { cursor: INVALID_CURSOR_MESSAGE } });
}

/** The parts of a cursor, or the 400 every list answers for one it did not make. */
export function parseCursor(value: string, arity: number): string[] {
  const parts = decodeCursor(value, arity);
  if (parts === null) throw invalidCursor();
  return parts;
}

/** A position in a list ordered by (time, id): the last row of the page before. */
export type TimeCursor = { at: Date; id: string };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_MILLIS_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** Times of these lists are written by the app's clock, so millisecond precision is exact. */
export function encodeTimeCursor(cursor: TimeCursor): string {
  return encodeCursor([cursor.at.toISOString(), cursor.id]);
}

export function parseTimeCursor(value: string): TimeCursor {
  const [at = '', id = ''] = parseCursor(value, 2);
  const time = Date.parse(at);
  if (!ISO_MILLIS_PATTERN.test(at) || Number.isNaN(time) || !isUuid(id)) throw invalidCursor();
  return { at: new Date(time), id };
}

/** A position in a list ordered by a small rank first (e.g. how flagged), then by (time, id). */
export type RankedTimeCursor = TimeCursor & { rank: number };

export function encodeRankedTimeCursor(cursor: RankedTimeCursor): string {
  return encodeCursor([String(cursor.rank), cursor.at.toISOString(), cursor.id]);
}

/** The cursor, or the 400 for anything else (a rank outside 0..`maxRank` included). */
export function parseRankedTimeCursor(value: string, maxRank: number): RankedTimeCursor {
  const [rank = '', at = '', id = ''] = parseCursor(value, 3);
  const n = /^\d{1,3}$/.test(rank) ? Number(rank) : -1;
  if (n < 0 || n > maxRank) throw invalidCursor();
  return { rank: n, ...parseTimeCursor(encodeCursor([at, id])) };
}
