import { useState } from 'react';
import { pageSelectionState, withIds } from '../invitation-selection';

const NONE: ReadonlySet<string> = new Set();

/**
 * The invitations selected for a bulk action, on the page `pageKey` names: another page (a new tab,
 * filter or page) starts with none selected, so a bulk action only touches rows on screen.
 */
export function useInvitationSelection(pageKey: string) {
  const [selection, setSelection] = useState({ pageKey, ids: NONE });
  const selected = selection.pageKey === pageKey ? selection.ids : NONE;

  function update(change: (ids: ReadonlySet<string>) => ReadonlySet<string>) {
    setSelection((current) => ({ pageKey, ids: change(current.pageKey === pageKey ? current.ids : NONE) }));
  }

  return {
    selectedIds: [...selected],
    count: selected.size,
    isSelected: (id: string) => selected.has(id),
    /** What the select-all checkbox of these rows shows. */
    stateOf: (rowIds: readonly string[]) => pageSelectionState(rowIds, selected),
    toggle: (ids: readonly string[], isChecked: boolean) => update((ids0) => withIds(ids0, ids, isChecked)),
    clear: () => update(() => NONE),
  };
}
