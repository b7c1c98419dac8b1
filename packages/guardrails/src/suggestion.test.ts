import { describe, expect, it } from 'vitest';
import { applySuggestion, matchCase } from './check';

describe('matchCase', () => {
  it('gives a replacement the capitalisation of the text it replaces', () => {
    expect(matchCase('guaranteed', 'targeted')).toBe('targeted');
    expect(matchCase('Guaranteed', 'targeted')).toBe('Targeted');
    expect(matchCase('GUARANTEED', 'targeted')).toBe('TARGETED');
    expect(matchCase('Risk-free', 'lower-risk')).toBe('Lower-risk');
    expect(matchCase('no risk', 'Limited risk')).toBe('Limited risk');
    expect(matchCase('X', 'y')).toBe('Y');
    expect(matchCase('Guaranteed', '')).toBe('');
  });

  it('leaves a replacement alone when the replaced text does not start with a capital', () => {
    expect(matchCase('100% guaranteed', 'targeted')).toBe('targeted');
    expect(matchCase('"Guaranteed"', 'targeted')).toBe('targeted');
  });
});

describe('applySuggestion', () => {
  it('replaces exactly the flagged span, by UTF-16 offsets', () => {
    const text = 'Returns 📈 are Guaranteed.';
    const start = text.indexOf('Guaranteed');
    expect(applySuggestion(text, { start, end: start + 10, suggestion: 'targeted' })).toBe(
      'Returns 📈 are Targeted.',
    );
  });

  it('keeps the text around the span as it was', () => {
    expect(applySuggestion('It is GUARANTEED!', { start: 6, end: 16, suggestion: 'targeted' })).toBe(
      'It is TARGETED!',
    );
    expect(applySuggestion('no risk here', { start: 0, end: 7, suggestion: 'limited risk' })).toBe(
      'limited risk here',
    );
  });
});
