/** Whether a keydown's target takes text: single-key shortcuts are ignored there. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  return (
    element.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null
  );
}

/** Whether a keydown happened inside a dialog, menu or list box, whose own keys win. */
export function isInOverlay(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (
    (target as Element).closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]') !==
    null
  );
}
