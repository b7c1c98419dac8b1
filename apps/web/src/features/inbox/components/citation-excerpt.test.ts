import { describe, expect, it } from 'vitest';
import { excerptOf, highlightsWithin } from './citation-excerpt';

const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `word${from + i}`).join(' ');

describe('the excerpt of a cited passage', () => {
  it('is the whole passage when it is short', () => {
    expect(excerptOf('The fee is 0.85%.', [{ start: 11, end: 16 }], 40)).toEqual({
      start: 0,
      end: 17,
      isWhole: true,
    });
  });

  it('starts a little before the first supporting word and is cut between words', () => {
    const text = `${words(60)} The distribution was $0.42 per unit. ${words(60, 100)}`;
    const at = text.indexOf('$0.42');
    const excerpt = excerptOf(text, [{ start: at, end: at + 5 }], 120);
    const shown = text.slice(excerpt.start, excerpt.end);
    expect(shown).toContain('$0.42 per unit.');
    expect(excerpt.start).toBeLessThan(at - 30);
    expect(excerpt.end - excerpt.start).toBeLessThanOrEqual(120);
    expect(text[excerpt.start - 1]).toBe(' ');
    expect(text[excerpt.end]).toBe(' ');
    expect(excerpt.isWhole).toBe(false);
  });

  it('opens the passage when nothing is highlighted, and ends it when the words are near its end', () => {
    const text = words(100);
    expect(excerptOf(text, [], 100).start).toBe(0);
    const last = text.lastIndexOf('word99');
    const excerpt = excerptOf(text, [{ start: last, end: text.length }], 100);
    expect(excerpt.end).toBe(text.length);
    expect(text.slice(excerpt.start, excerpt.end)).toMatch(/^word\d+ .* word99$/);
  });
});

describe('the highlights within an excerpt', () => {
  it('are cut to it and counted from its start', () => {
    expect(
      highlightsWithin(
        [
          { start: 0, end: 5 },
          { start: 8, end: 14 },
          { start: 18, end: 22 },
          { start: 30, end: 35 },
        ],
        10,
        20,
      ),
    ).toEqual([
      { start: 0, end: 4 },
      { start: 8, end: 10 },
    ]);
  });
});
