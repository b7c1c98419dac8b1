import { COMPLIANCE_TEXTS, type ComplianceFlag } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { segmentsOf } from '../../../lib/text-segments';
import { checkBlockedReason, flaggedLines, isCheckStale } from './compliance-rules';

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

describe('flaggedLines', () => {
  it('keeps the lines holding a flag, merging a flag that spans lines', () => {
    const text = 'Dear Jane,\n\nIt is guaranteed.\nOther line.\nNo risk at all,\nreally.';
    const at = (s: string) => text.indexOf(s);
    const ranges = flaggedLines(text, [
      flag(at('guaranteed'), at('guaranteed') + 10),
      flag(at('No risk'), at('No risk') + 7),
      flag(at('all,'), at('really') + 6),
    ]);
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual([
      'It is guaranteed.',
      'No risk at all,\nreally.',
    ]);
    expect(flaggedLines('', [flag(0, 3)])).toEqual([]);
  });
});
