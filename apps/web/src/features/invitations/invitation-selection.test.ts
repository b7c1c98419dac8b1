import { describe, expect, it } from 'vitest';
import { pageSelectionState, withIds } from './invitation-selection';

describe('the selection of invitations', () => {
  it('adds and removes ids without changing the selection it was given', () => {
    const selected = new Set(['a']);
    expect([...withIds(selected, ['b', 'c'], true)]).toEqual(['a', 'b', 'c']);
    expect([...withIds(selected, ['a', 'z'], false)]).toEqual([]);
    expect([...selected]).toEqual(['a']);
  });

  it('shows select-all checked, indeterminate or unchecked from the rows of the page', () => {
    const rows = ['a', 'b'];
    expect(pageSelectionState(rows, new Set(['a', 'b']))).toBe(true);
    expect(pageSelectionState(rows, new Set(['b']))).toBe('indeterminate');
    expect(pageSelectionState(rows, new Set(['x']))).toBe(false);
    expect(pageSelectionState([], new Set(['x']))).toBe(false);
  });
});
