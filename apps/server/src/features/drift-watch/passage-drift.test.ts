import { describe, expect, it } from 'vitest';
import { MIN_SUCCESSOR_SIMILARITY, passageSimilarity, successorOf, wordsOf } from './passage-drift';

const OLD = 'Fund Alpha paid a quarterly distribution of $0.42 per unit on 15 October 2025.';

describe('the successor of a cited passage', () => {
  it('keeps figures whole as words', () => {
    expect(wordsOf('Paid $1,250.50 on 15 Oct.')).toEqual(['paid', '1,250.50', 'on', '15', 'oct']);
  });

  it('is the passage with a changed figure, not another passage of the document', () => {
    const changed = { id: 'b', text: OLD.replace('$0.42', '$0.45') };
    const other = { id: 'c', text: 'The management fee is 1.25% a year of net asset value.' };
    const found = successorOf(OLD, [other, changed]);
    expect(found?.passage.id).toBe('b');
    expect(found?.similarity).toBeGreaterThan(0.9);
    expect(found?.similarity).toBeLessThan(1);
  });

  it('is none when the text is gone', () => {
    const rewritten = [{ text: 'Occupancy stood at 94.3% across 12 properties at the end of September.' }];
    expect(passageSimilarity(OLD, rewritten[0]?.text ?? '')).toBeLessThan(MIN_SUCCESSOR_SIMILARITY);
    expect(successorOf(OLD, rewritten)).toBeNull();
    expect(successorOf(OLD, [])).toBeNull();
  });

  it('counts the same text as alike as can be', () => {
    expect(passageSimilarity(OLD, `  ${OLD} `)).toBe(1);
  });
});
