import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from './storable-text';

describe('storable text', () => {
  it('accepts ordinary text, emoji (paired surrogates) and other control characters', () => {
    for (const text of ['', ' ', 'Ann Lee', 'Zoë 😀', 'tab\there', '\u0001', '\uFFFD', 'x\uD83D\uDE00y'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
  });

  it('refuses a NUL and unpaired surrogates wherever they are', () => {
    for (const text of [
      '\u0000',
      'a\u0000b',
      '\uD800',
      'a\uD800b',
      '\uDC00',
      'x\uDE00',
      '\uDE00\uD83D',
      'end\uD83D',
    ])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });

  it('names the path of the first bad string, a bad key by its object', () => {
    expect(findUnstorableText({ name: 'ok', items: [{ title: 'fine' }, { title: 'a\u0000' }] })).toEqual([
      'items',
      1,
      'title',
    ]);
    expect(findUnstorableText({ nested: { 'k\uD800': 'v' } })).toEqual(['nested']);
    expect(findUnstorableText('\u0000')).toEqual([]);
    expect(findUnstorableText({ n: 1, b: true, z: null, list: ['a', 'b'] })).toBeUndefined();
  });
});
