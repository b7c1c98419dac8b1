import { AppError } from '../../lib/errors';

/** A position in a list ordered by (time, id): the last row of the page before. */
export type KeysetCursor = { at: Date; id: string };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opaque to clients; the times of these lists are written by the app's clock (millisecond precision). */
export function encodeKeysetCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`).toString('base64url');
}

/** 400 naming `cursor` when the text is not a cursor this server made. */
export function decodeKeysetCursor(value: string): KeysetCursor {
  const [at = '', id = ''] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const time = Date.parse(at);
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(at) ||
    Number.isNaN(time) ||
    !UUID_PATTERN.test(id)
  ) {
    throw new AppError('VALIDATION_FAILED', { fields: { cursor: 'Not a cursor from this list' } });
  }
  return { at: new Date(time), id };
}
