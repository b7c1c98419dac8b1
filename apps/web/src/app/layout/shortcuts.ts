import { type Capability, hasCapability, type Role } from '@parley/contracts';

/** docs/product.md §2 Help: what the global keyboard shortcuts do. */
export type ShortcutAction = 'focus-search' | 'go-inbox' | 'go-analytics' | 'compose' | 'toggle-palette';

/** How long after 'g' the second key of a 'g then …' sequence may come. */
export const SEQUENCE_TIMEOUT_MS = 1000;

/** Who may use a shortcut: the same capabilities that show the page in the menu or allow the action. */
const REQUIRED_CAPABILITY: Record<ShortcutAction, Capability> = {
  'focus-search': 'workspace.read',
  'go-inbox': 'workspace.read',
  'go-analytics': 'reporting.read',
  compose: 'messages.write',
  'toggle-palette': 'workspace.read',
};

export type ShortcutKey = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** Typed into an input, a text area, a select or contenteditable: the keys are text there. */
  isEditable: boolean;
  /** Inside another dialog, menu or list box: its own keys win. */
  isInOverlay: boolean;
  /** Inside the command palette itself. */
  isInPalette: boolean;
  /** event.timeStamp or Date.now(), in ms. */
  time: number;
};

export type ShortcutResult = {
  action: ShortcutAction | null;
  /** When the pending 'g' was pressed, or null when no sequence is under way. */
  pendingG: number | null;
};

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

/**
 * Maps one keydown to a shortcut: '/' focuses search, 'g' then 'i' / 'a' goes to the inbox /
 * analytics, 'c' composes, Cmd/Ctrl+K opens (or closes) the command palette. Keys typed into a
 * field, inside another overlay, or with a modifier are left alone (Ctrl+B stays the sidebar's).
 * A shortcut the role may not use does nothing.
 */
export function matchShortcut(input: ShortcutKey, pendingG: number | null, role: Role): ShortcutResult {
  if (MODIFIER_KEYS.has(input.key)) return { action: null, pendingG };
  const allowed = (action: ShortcutAction): ShortcutResult => ({
    action: hasCapability(role, REQUIRED_CAPABILITY[action]) ? action : null,
    pendingG: null,
  });

  if (
    (input.ctrlKey || input.metaKey) &&
    !input.altKey &&
    !input.shiftKey &&
    input.key.toLowerCase() === 'k'
  ) {
    // Another dialog keeps the focus trap to itself; in the palette the keys close it again.
    if (input.isInOverlay && !input.isInPalette) return { action: null, pendingG: null };
    return allowed('toggle-palette');
  }
  if (input.ctrlKey || input.metaKey || input.altKey) return { action: null, pendingG: null };
  if (input.isEditable || input.isInOverlay || input.isInPalette) return { action: null, pendingG: null };

  // '/' is Shift+7 on some keyboards: its key is still '/'.
  if (input.key === '/') return allowed('focus-search');
  if (input.shiftKey) return { action: null, pendingG: null };

  const isSequenceOpen = pendingG !== null && input.time - pendingG <= SEQUENCE_TIMEOUT_MS;
  if (isSequenceOpen && input.key === 'i') return allowed('go-inbox');
  if (isSequenceOpen && input.key === 'a') return allowed('go-analytics');
  if (input.key === 'g') return { action: null, pendingG: input.time };
  if (input.key === 'c') return allowed('compose');
  return { action: null, pendingG: null };
}
