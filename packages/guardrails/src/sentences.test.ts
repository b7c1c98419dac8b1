import { describe, expect, it } from 'vitest';
import { readSentences } from './sentences';

describe('readSentences', () => {
  it('splits sentences and keeps exact offsets through contractions, curly quotes and line breaks', () => {
    const text = 'You’ll earn 9% a year.  We can’t lose —\nit’s a “sure bet”! The bonds are guaranteed.';
    const sentences = readSentences(text);
    expect(sentences.map((s) => s.text)).toEqual([
      'You’ll earn 9% a year.',
      'We can’t lose —\nit’s a “sure bet”!',
      'The bonds are guaranteed.',
    ]);
    for (const s of sentences) {
      expect(text.slice(s.start, s.end)).toBe(s.text);
      for (const w of s.words) expect(text.slice(w.start, w.end)).toBe(w.value);
    }
    const first = sentences[0]?.words ?? [];
    expect(first.slice(0, 3).map((w) => [w.normal, w.lemma, w.pos])).toEqual([
      ['you', 'you', 'PRON'],
      ["'ll", 'will', 'AUX'],
      ['earn', 'earn', 'VERB'],
    ]);
    expect(sentences[2]?.words.find((w) => w.normal === 'guaranteed')?.lemma).toBe('guarantee');
  });

  it('gives a word without a lemma from wink-nlp its own form (no crash)', () => {
    const text = 'He asked whether I could "promise" the fund would pay 8%; I explained that I cannot.';
    const words = readSentences(text).flatMap((s) => s.words);
    expect(words.find((w) => w.normal === 'cannot')?.lemma).toBe('cannot');
  });

  it('returns no sentences for blank text', () => {
    expect(readSentences('')).toEqual([]);
    expect(readSentences('  \n ')).toEqual([]);
  });
});
