import { describe, expect, it } from 'vitest';
import { diffWords, foldUnchangedParagraphs } from './word-diff';

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

describe('foldUnchangedParagraphs', () => {
  it('keeps the paragraphs with a changed word and counts each run of the others', () => {
    const before = 'Notice.\n\nDated 24 October.\n\nPer unit: $0.1450 paid on 14 November.\n\nTax.\n\nBank.';
    const after = 'Notice.\n\nDated 24 October.\n\nPer unit: $0.1475 paid on 21 November.\n\nTax.\n\nBank.';
    const blocks = foldUnchangedParagraphs(diffWords(before, after).after);
    expect(blocks).toEqual([
      { kind: 'unchanged', count: 2 },
      {
        kind: 'paragraph',
        segments: [
          { text: 'Per unit:', changed: false },
          { text: ' $0.1475', changed: true },
          { text: ' paid on', changed: false },
          { text: ' 21', changed: true },
          { text: ' November.', changed: false },
        ],
      },
      { kind: 'unchanged', count: 2 },
    ]);
  });

  it('folds every paragraph of a text that did not change, and keeps a paragraph that is new', () => {
    expect(foldUnchangedParagraphs([{ text: 'One.\n\nTwo.', changed: false }])).toEqual([
      { kind: 'unchanged', count: 2 },
    ]);
    const added = diffWords('One.', 'One.\n\nTwo more.').after;
    expect(foldUnchangedParagraphs(added)).toEqual([
      { kind: 'unchanged', count: 1 },
      { kind: 'paragraph', segments: [{ text: 'Two more.', changed: true }] },
    ]);
  });
});
