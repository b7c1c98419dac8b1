import type { ComplianceFlag } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { excerptsOf, previewOf, storedFlagsOf } from './flag-excerpts';

const flagAt = (text: string, term: string, severity: ComplianceFlag['severity']): ComplianceFlag => {
  const start = text.indexOf(term);
  return {
    term,
    severity,
    suggestion: 's',
    start,
    end: start + term.length,
    rule: `lexicon:${term}`,
    explanation: 'e',
  };
};

describe('excerptsOf', () => {
  const text = `${'Lorem ipsum dolor sit amet. '.repeat(6)}Your returns are guaranteed here. ${'Tail words go on. '.repeat(8)}A risk-free end.`;

  it('cuts whole words around each span, highest severity first, and joins back to the text', () => {
    const [high, low] = excerptsOf(text, [
      flagAt(text, 'risk-free', 'low'),
      flagAt(text, 'guaranteed', 'high'),
    ]);
    expect(high).toMatchObject({
      severity: 'high',
      match: 'guaranteed',
      rationale: 'e',
      cut_before: true,
      cut_after: true,
    });
    expect(text).toContain(`${high?.before}${high?.match}${high?.after}`);
    expect(high?.before.startsWith(' ')).toBe(false);
    expect((high?.before.length ?? 0) <= 80 && (high?.after.length ?? 0) <= 80).toBe(true);
    expect(low).toMatchObject({ match: 'risk-free', after: ' end.', cut_after: false });
  });

  it('prefers the rationale, keeps at most 10 and survives a span outside the text', () => {
    const flag = { ...flagAt(text, 'guaranteed', 'high'), rationale: 'Promises a return' };
    expect(excerptsOf(text, [flag])[0]?.rationale).toBe('Promises a return');
    expect(
      excerptsOf(
        text,
        Array.from({ length: 12 }, () => flag),
      ),
    ).toHaveLength(10);
    expect(excerptsOf('short', [{ ...flag, start: 50, end: 60 }])[0]).toMatchObject({ match: '', after: '' });
  });
});

describe('previewOf and storedFlagsOf', () => {
  it('previews whole words with an ellipsis, and reads only well-formed stored flags', () => {
    expect(previewOf('  Short reply.  ')).toBe('Short reply.');
    const long = previewOf('word '.repeat(100));
    expect(long.endsWith('word…')).toBe(true);
    expect(long.length).toBeLessThanOrEqual(281);
    const good = flagAt('guaranteed', 'guaranteed', 'high');
    expect(storedFlagsOf([good, { term: 'x' }, null])).toEqual([good]);
    expect(storedFlagsOf(null)).toEqual([]);
  });
});
