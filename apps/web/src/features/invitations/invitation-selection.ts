/** The selection with `ids` added (checked) or removed (unchecked); the one given is not changed. */
export function withIds(
  selected: ReadonlySet<string>,
  ids: readonly string[],
  isChecked: boolean,
): ReadonlySet<string> {
  const next = new Set(selected);
  for (const id of ids) {
    if (isChecked) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** What the select-all checkbox of a page shows: every row selected, some of them, or none. */
export function pageSelectionState(
  rowIds: readonly string[],
  selected: ReadonlySet<string>,
): boolean | 'indeterminate' {
  const count = rowIds.filter((id) => selected.has(id)).length;
  if (rowIds.length > 0 && count === rowIds.length) return true;
  return count > 0 ? 'indeterminate' : false;
}
