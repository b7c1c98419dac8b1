import { describe, expect, it } from 'vitest';
import { initialTriageState, matchTriageKey, triageReducer } from './inbox-triage';

const ids = ['a', 'b', 'c'];
const key = {
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  isEditable: false,
  isInOverlay: false,
};

describe('inbox triage state', () => {
  it('j starts at the first row and k at the last, then both stop at the ends', () => {
    expect(triageReducer(initialTriageState, { type: 'move', by: 1, ids }).focusedId).toBe('a');
    expect(triageReducer(initialTriageState, { type: 'move', by: -1, ids }).focusedId).toBe('c');
    let state = triageReducer(initialTriageState, { type: 'focus', id: 'c' });
    state = triageReducer(state, { type: 'move', by: 1, ids });
    expect(state.focusedId).toBe('c');
    state = triageReducer(state, { type: 'move', by: -1, ids });
    state = triageReducer(state, { type: 'move', by: -1, ids });
    state = triageReducer(state, { type: 'move', by: -1, ids });
    expect(state.focusedId).toBe('a');
  });

  it('toggles a selection and drops rows the list no longer shows', () => {
    let state = triageReducer(initialTriageState, { type: 'toggle', id: 'a' });
    state = triageReducer(state, { type: 'toggle', id: 'b' });
    state = triageReducer(state, { type: 'toggle', id: 'a' });
    expect([...state.selectedIds]).toEqual(['b']);
    state = triageReducer(state, { type: 'focus', id: 'b' });
    state = triageReducer(state, { type: 'shown', ids: ['a', 'c'] });
    expect(state).toEqual({ focusedId: null, selectedIds: new Set() });
    expect(triageReducer(state, { type: 'clear' })).toBe(state);
  });
});

describe('inbox triage keys', () => {
  it('maps j, k, e and x alone', () => {
    expect(['j', 'k', 'e', 'x', 'q'].map((k) => matchTriageKey({ ...key, key: k }))).toEqual([
      'next',
      'previous',
      'resolve',
      'select',
      null,
    ]);
  });

  it('leaves keys typed into a field, inside a dialog or with a modifier alone', () => {
    expect(matchTriageKey({ ...key, key: 'j', isEditable: true })).toBeNull();
    expect(matchTriageKey({ ...key, key: 'e', isInOverlay: true })).toBeNull();
    expect(matchTriageKey({ ...key, key: 'x', metaKey: true })).toBeNull();
    expect(matchTriageKey({ ...key, key: 'J', shiftKey: true })).toBeNull();
  });
});
