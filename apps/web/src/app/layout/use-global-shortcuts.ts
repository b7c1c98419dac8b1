import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useCommandPalette } from '@/app/command-palette/command-palette-context';
import { isEditableTarget, isInOverlay } from '@/lib/editable-target';
import { paths } from '@/lib/paths';
import { useSignedInSession } from '@/lib/session';
import { matchShortcut, type ShortcutAction } from './shortcuts';

/** The attribute a page's search box carries so '/' can find it. */
export const SEARCH_SHORTCUT_SELECTOR = '[data-shortcut="search"]';

/** The page's first visible search box, focused and selected; false when the page has none. */
function focusPageSearch(): boolean {
  const fields = Array.from(document.querySelectorAll<HTMLInputElement>(SEARCH_SHORTCUT_SELECTOR));
  const field = fields.find((element) => element.getClientRects().length > 0 && !element.disabled);
  if (!field) return false;
  field.focus();
  field.select();
  return true;
}

/**
 * docs/product.md §2 Help: the global keyboard shortcuts, mounted once in the signed-in layout. '/' focuses
 * the page's search (the palette's where the page has none), 'g' then 'i' / 'a' go to the inbox /
 * analytics, 'c' composes, Cmd/Ctrl+K toggles the command palette. Keys typed into fields or inside
 * other dialogs are left alone, and the sidebar keeps Ctrl+B.
 */
export function useGlobalShortcuts() {
  const navigate = useNavigate();
  const { role } = useSignedInSession();
  const palette = useCommandPalette();
  const pendingG = useRef<number | null>(null);
  // The listener is added once; it reads the latest values through a ref.
  const latest = useRef({ navigate, role, palette });
  latest.current = { navigate, role, palette };

  useEffect(() => {
    function perform(action: ShortcutAction) {
      const { navigate, palette } = latest.current;
      switch (action) {
        case 'toggle-palette':
          palette.toggle();
          return;
        case 'focus-search':
          if (!focusPageSearch()) palette.setOpen(true);
          return;
        case 'go-inbox':
          void navigate(paths.inbox);
          return;
        case 'go-analytics':
          void navigate(paths.analytics);
          return;
        case 'compose':
          void navigate(paths.compose);
          return;
      }
    }

    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const target = event.target instanceof Element ? event.target : null;
      const result = matchShortcut(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          shiftKey: event.shiftKey,
          isEditable: isEditableTarget(target),
          isInOverlay: isInOverlay(target),
          isInPalette: target?.closest('[data-command-palette]') != null,
          time: Date.now(),
        },
        pendingG.current,
        latest.current.role,
      );
      pendingG.current = result.pendingG;
      if (!result.action) return;
      event.preventDefault();
      perform(result.action);
    }

    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
