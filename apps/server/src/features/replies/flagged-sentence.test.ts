import { describe, expect, it } from 'vitest';
import { normaliseSentence, sentenceAround } from './flagged-sentence';

function around(text: string, term: string) {
  const start = text.indexOf(term);
  if (start < 0) throw new Error(`no ${term}`);
  return sentenceAround(text, start, start + term.length);
}

describe('the sentence around a flag', () => {
  it('stops at . ! ? followed by a space, and at line breaks', () => {
    const text = 'Dear Jane,\nThanks. Returns are guaranteed! Is that clear? Yes.\nKind regards';
    expect(around(text, 'guaranteed').text).toBe('Returns are guaranteed!');
    expect(around(text, 'Thanks').text).toBe('Thanks.');
    expect(around(text, 'clear').text).toBe('Is that clear?');
    expect(around(text, 'Jane').text).toBe('Dear Jane,');
    expect(around(text, 'regards').text).toBe('Kind regards');
  });

  it('keeps decimals and a flag that holds a full stop inside the sentence', () => {
    const text = 'Hello. You’ll earn 9.5% a year, paid every quarter. Bye.';
    expect(around(text, '9.5%').text).toBe('You’ll earn 9.5% a year, paid every quarter.');
    const wide = 'Hello. It is safe. Truly safe. Bye.';
    const start = wide.indexOf('safe.');
    expect(sentenceAround(wide, start, wide.indexOf('Truly') + 5).text).toBe('It is safe. Truly safe.');
  });

  it('gives the flag’s span inside the sentence', () => {
    const found = around('One.  Two is guaranteed here. Three.', 'guaranteed');
    expect(found.text.slice(found.spanStart, found.spanEnd)).toBe('guaranteed');
  });

  it('hashes the normalised sentence: spacing does not matter, words and case do', () => {
    const a = around('Intro. Returns are  guaranteed.', 'guaranteed');
    const b = around('Other intro!\nReturns are\tguaranteed.', 'guaranteed');
    const c = around('Intro. Returns are surely guaranteed.', 'guaranteed');
    const d = around('Intro. returns are guaranteed.', 'guaranteed');
    expect(a.sha256).toBe(b.sha256);
    expect(a.sha256).not.toBe(c.sha256);
    expect(a.sha256).not.toBe(d.sha256);
    expect(normaliseSentence('  A\u00a0 b\n c ')).toBe('A b c');
  });

  it('clamps a span beyond the text', () => {
    expect(sentenceAround('Short.', 2, 99).text).toBe('Short.');
  });
});
