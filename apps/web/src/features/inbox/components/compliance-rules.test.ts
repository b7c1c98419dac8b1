import { COMPLIANCE_TEXTS, type ComplianceFlag } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { segmentsOf } from '../../../lib/text-segments';
import { changedRange, checkBlockedReason, flagRangeIn, isCheckStale } from './compliance-rules';

const flag = (start: number, end: number, severity: ComplianceFlag['severity'] = 'high'): ComplianceFlag => ({
  term: 'x',
  severity,
  suggestion: 'y',
  start,
  end,
  rule: 'lexicon:x',
  explanation: '',
});

describe('segmentsOf', () => {
  it('cuts the text into plain runs and flagged spans that join back to the text', () => {
    const text = 'Returns are guaranteed and risk-free.';
    const segments = segmentsOf(text, [flag(27, 36, 'medium'), flag(12, 22)]);
    expect(segments.map((s) => [s.text, s.span?.severity ?? null])).toEqual([
      ['Returns are ', null],
      ['guaranteed', 'high'],
      [' and ', null],
      ['risk-free', 'medium'],
      ['.', null],
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });

  it('keeps the widest of overlapping flags and ignores spans outside the text', () => {
    const text = 'will double your money';
    const segments = segmentsOf(text, [flag(5, 11), flag(0, 22), flag(30, 40)]);
    expect(segments).toHaveLength(1);
    expect(segments[0]?.span?.end).toBe(22);
    expect(segmentsOf('', [])).toEqual([]);
  });
});

describe('isCheckStale', () => {
  it('is stale only when the editor shows other text than the checked version', () => {
    expect(isCheckStale('a', 'a')).toBe(false);
    expect(isCheckStale('a', 'a b')).toBe(true);
    expect(isCheckStale(undefined, 'a')).toBe(false);
    expect(isCheckStale('a', null)).toBe(false);
  });
});

describe('checkBlockedReason', () => {
  it('says why Check Compliance cannot run: role, then fund, then draft', () => {
    expect(checkBlockedReason({ canWrite: false, hasFund: true, hasDraft: true })).toMatch(/role/);
    expect(checkBlockedReason({ canWrite: true, hasFund: false, hasDraft: true })).toBe(
      COMPLIANCE_TEXTS.noFund,
    );
    expect(checkBlockedReason({ canWrite: true, hasFund: true, hasDraft: false })).toBe(
      COMPLIANCE_TEXTS.noDraftToCheck,
    );
    expect(checkBlockedReason({ canWrite: true, hasFund: undefined, hasDraft: true })).toBeNull();
  });
});

describe('flagRangeIn', () => {
  const text = 'It is guaranteed. Returns are guaranteed too.';
  const second = text.lastIndexOf('guaranteed');
  const guaranteed = (start: number) => ({ ...flag(start, start + 10), term: 'guaranteed' });

  it('is the flag itself while the check matches the text', () => {
    expect(flagRangeIn(text, guaranteed(second), false)).toEqual({ start: second, end: second + 10 });
    expect(flagRangeIn(text, guaranteed(40), false)).toBeNull();
  });

  it('after an edit, finds the occurrence of its words nearest to where they were', () => {
    const edited = `Hello. ${text}`;
    expect(flagRangeIn(edited, guaranteed(second), true)).toEqual({
      start: second + 7,
      end: second + 17,
    });
    expect(flagRangeIn('Nothing left.', guaranteed(second), true)).toBeNull();
  });
});

describe('changedRange', () => {
  it('is where a replacement went', () => {
    const before = 'Your return is guaranteed.';
    const after = 'Your return is targeted.';
    const range = changedRange(before, after);
    expect(after.slice(range.start, range.end)).toBe('targeted');
    expect(changedRange('a b c', 'a c')).toEqual({ start: 2, end: 2 });
    expect(changedRange('same', 'same')).toEqual({ start: 4, end: 4 });
  });
});
