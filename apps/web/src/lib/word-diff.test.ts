import { describe, expect, it } from 'vitest';
import { diffWords } from './word-diff';

describe('diffWords', () => {
  it('marks the figure that changed on each side and keeps the text as written', () => {
    const before = 'Paid $0.42 per unit on 15 October.';
    const after = 'Paid $0.45 per unit on 15  October.';
    const diff = diffWords(before, after);
    expect(diff.before).toEqual([
      { text: 'Paid', changed: false },
      { text: ' $0.42', changed: true },
      { text: ' per unit on 15 October.', changed: false },
    ]);
    expect(diff.after.filter((s) => s.changed).map((s) => s.text)).toEqual([' $0.45']);
    expect(diff.before.map((s) => s.text).join('')).toBe(before);
    expect(diff.after.map((s) => s.text).join('')).toBe(after);
  });

  it('marks words added or removed, and nothing for the same text', () => {
    expect(diffWords('a b c', 'a x b c').after).toEqual([
      { text: 'a', changed: false },
      { text: ' x', changed: true },
      { text: ' b c', changed: false },
    ]);
    expect(diffWords('same words', 'same words').before).toEqual([{ text: 'same words', changed: false }]);
  });
});
