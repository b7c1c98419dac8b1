import { describe, expect, it } from 'vitest';
import { matchShortcut, SEQUENCE_TIMEOUT_MS, type ShortcutKey } from './shortcuts';

function key(k: string, over: Partial<ShortcutKey> = {}): ShortcutKey {
  return {
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    isEditable: false,
    isInOverlay: false,
    isInPalette: false,
    time: 1_000,
    ...over,
  };
}

describe('matchShortcut', () => {
  it("maps '/', 'c' and Cmd/Ctrl+K", () => {
    expect(matchShortcut(key('/'), null, 'admin').action).toBe('focus-search');
    expect(matchShortcut(key('c'), null, 'admin').action).toBe('compose');
    expect(matchShortcut(key('k', { ctrlKey: true }), null, 'admin').action).toBe('toggle-palette');
    expect(matchShortcut(key('K', { metaKey: true }), null, 'admin').action).toBe('toggle-palette');
    // '/' typed with Shift on keyboards that need it.
    expect(matchShortcut(key('/', { shiftKey: true }), null, 'admin').action).toBe('focus-search');
  });

  it("goes to the inbox or analytics with 'g' then 'i' / 'a' within the timeout", () => {
    const g = matchShortcut(key('g', { time: 5_000 }), null, 'admin');
    expect(g).toEqual({ action: null, pendingG: 5_000 });
    expect(matchShortcut(key('i', { time: 5_400 }), g.pendingG, 'admin')).toEqual({
      action: 'go-inbox',
      pendingG: null,
    });
    expect(matchShortcut(key('a', { time: 5_000 + SEQUENCE_TIMEOUT_MS }), g.pendingG, 'admin').action).toBe(
      'go-analytics',
    );
  });

  it("forgets the 'g' after the timeout or another key", () => {
    expect(
      matchShortcut(key('i', { time: 5_000 + SEQUENCE_TIMEOUT_MS + 1 }), 5_000, 'admin').action,
    ).toBeNull();
    const other = matchShortcut(key('x', { time: 5_100 }), 5_000, 'admin');
    expect(other).toEqual({ action: null, pendingG: null });
    expect(matchShortcut(key('i', { time: 5_200 }), other.pendingG, 'admin').action).toBeNull();
    // 'i' or 'a' alone do nothing.
    expect(matchShortcut(key('a'), null, 'admin').action).toBeNull();
  });

  it('keeps a pending g while only a modifier key goes down', () => {
    expect(matchShortcut(key('Shift', { shiftKey: true, time: 5_100 }), 5_000, 'admin').pendingG).toBe(5_000);
  });

  it('ignores keys typed in fields, in other overlays and with modifiers', () => {
    for (const over of [
      { isEditable: true },
      { isInOverlay: true },
      { isInPalette: true },
      { ctrlKey: true },
      { metaKey: true },
      { altKey: true },
    ]) {
      expect(matchShortcut(key('c', over), null, 'admin').action).toBeNull();
      expect(matchShortcut(key('/', over), null, 'admin').action).toBeNull();
      expect(matchShortcut(key('i', over), 900, 'admin').action).toBeNull();
    }
    // Ctrl+B is the sidebar's; uppercase letters are not the shortcuts.
    expect(matchShortcut(key('b', { ctrlKey: true }), null, 'admin').action).toBeNull();
    expect(matchShortcut(key('C', { shiftKey: true }), null, 'admin').action).toBeNull();
  });

  it('opens the palette from a field and closes it from inside, but not over another dialog', () => {
    expect(matchShortcut(key('k', { ctrlKey: true, isEditable: true }), null, 'admin').action).toBe(
      'toggle-palette',
    );
    expect(
      matchShortcut(
        key('k', { ctrlKey: true, isEditable: true, isInOverlay: true, isInPalette: true }),
        null,
        'admin',
      ).action,
    ).toBe('toggle-palette');
    expect(matchShortcut(key('k', { ctrlKey: true, isInOverlay: true }), null, 'admin').action).toBeNull();
    expect(matchShortcut(key('k', { ctrlKey: true, shiftKey: true }), null, 'admin').action).toBeNull();
  });

  it('does nothing for a shortcut the role may not use', () => {
    expect(matchShortcut(key('c'), null, 'is_associate').action).toBeNull();
    expect(matchShortcut(key('c'), null, 'ir_associate').action).toBe('compose');
    expect(matchShortcut(key('a', { time: 1_100 }), 1_000, 'ir_associate').action).toBeNull();
    expect(matchShortcut(key('a', { time: 1_100 }), 1_000, 'ir_director').action).toBe('go-analytics');
    expect(matchShortcut(key('i', { time: 1_100 }), 1_000, 'is_associate').action).toBe('go-inbox');
    expect(matchShortcut(key('/'), null, 'is_associate').action).toBe('focus-search');
  });
});
