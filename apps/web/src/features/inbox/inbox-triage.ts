/**
 * The inbox's keyboard triage (docs/product.md §2 Inbox): which row has the focus ring and which rows
 * are selected, as one reducer, and the keys that drive it. Pure, so both are tested without a DOM.
 */

export type TriageState = {
  /** The row j/k last moved to (its link has the focus); null before the first move. */
  focusedId: string | null;
  selectedIds: ReadonlySet<string>;
};

export type TriageAction =
  | { type: 'move'; by: 1 | -1; ids: readonly string[] }
  | { type: 'focus'; id: string }
  | { type: 'toggle'; id: string }
  | { type: 'clear' }
  /** The list changed (a tab, a search, a refresh): rows no longer shown leave the selection. */
  | { type: 'shown'; ids: readonly string[] };

export const initialTriageState: TriageState = { focusedId: null, selectedIds: new Set() };

export function triageReducer(state: TriageState, action: TriageAction): TriageState {
  switch (action.type) {
    case 'move': {
      if (action.ids.length === 0) return state;
      const at = state.focusedId === null ? -1 : action.ids.indexOf(state.focusedId);
      // Nothing focused yet (or the row is gone): j starts at the top, k at the bottom.
      const next =
        at < 0
          ? action.by === 1
            ? 0
            : action.ids.length - 1
          : Math.min(Math.max(at + action.by, 0), action.ids.length - 1);
      const focusedId = action.ids[next] ?? null;
      return focusedId === state.focusedId ? state : { ...state, focusedId };
    }
    case 'focus':
      return state.focusedId === action.id ? state : { ...state, focusedId: action.id };
    case 'toggle': {
      const selectedIds = new Set(state.selectedIds);
      if (selectedIds.has(action.id)) selectedIds.delete(action.id);
      else selectedIds.add(action.id);
      return { ...state, selectedIds };
    }
    case 'clear':
      return state.selectedIds.size === 0 ? state : { ...state, selectedIds: new Set() };
    case 'shown': {
      const shown = new Set(action.ids);
      const kept = [...state.selectedIds].filter((id) => shown.has(id));
      const focusedId = state.focusedId !== null && shown.has(state.focusedId) ? state.focusedId : null;
      if (kept.length === state.selectedIds.size && focusedId === state.focusedId) return state;
      return { focusedId, selectedIds: new Set(kept) };
    }
  }
}

export type TriageKey = 'next' | 'previous' | 'resolve' | 'select';

const TRIAGE_KEYS: Record<string, TriageKey> = { j: 'next', k: 'previous', e: 'resolve', x: 'select' };

/**
 * A keydown's triage action: j, k, e, x alone. Not while typing in a field, inside a dialog or menu,
 * or with a modifier (Ctrl/Cmd+K stays the palette's). Enter needs no handling: the focused row is a
 * link.
 */
export function matchTriageKey(input: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isEditable: boolean;
  isInOverlay: boolean;
}): TriageKey | null {
  if (input.ctrlKey || input.metaKey || input.altKey || input.shiftKey) return null;
  if (input.isEditable || input.isInOverlay) return null;
  return TRIAGE_KEYS[input.key] ?? null;
}
