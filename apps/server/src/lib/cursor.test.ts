import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, encodeTimeCursor, parseCursor, parseTimeCursor } from './cursor';
import { AppError } from './errors';

function fieldsOf(run: () => unknown): Record<string, string> | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.fields;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('cursor codec', () => {
  it('round-trips the parts of a sort key, whatever characters they hold', () => {
    const parts = ['Zoë | "quoted"', '0b6f1f8e-8f5e-4c55-9a52-8f1e0c8d2a10'];
    const cursor = encodeCursor(parts);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 2)).toEqual(parts);
  });

  it('refuses garbage, the wrong arity and non-string parts', () => {
    expect(decodeCursor('nonsense', 2)).toBeNull();
    expect(decodeCursor('', 2)).toBeNull();
    expect(decodeCursor(encodeCursor(['a']), 2)).toBeNull();
    expect(decodeCursor(Buffer.from('[1,2]').toString('base64url'), 2)).toBeNull();
    expect(decodeCursor(Buffer.from('{"a":1}').toString('base64url'), 1)).toBeNull();
  });

  it('answers every bad cursor with the same field error', () => {
    expect(fieldsOf(() => parseCursor('zzz', 2))).toEqual({ cursor: 'Invalid cursor' });
    expect(fieldsOf(() => parseTimeCursor('zzz'))).toEqual({ cursor: 'Invalid cursor' });
  });

  it('time cursors keep the millisecond and need a uuid', () => {
    const at = new Date('2026-11-25T10:11:12.345Z');
    const id = '0b6f1f8e-8f5e-4c55-9a52-8f1e0c8d2a10';
    expect(parseTimeCursor(encodeTimeCursor({ at, id }))).toEqual({ at, id });
    expect(fieldsOf(() => parseTimeCursor(encodeCursor(['2026-11-25', id])))).toHaveProperty('cursor');
    expect(fieldsOf(() => parseTimeCursor(encodeCursor([at.toISOString(), 'x'])))).toHaveProperty('cursor');
  });
});
