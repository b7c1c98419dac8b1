/** How long a focus move waits for its target to render (a refetch, a lazy page) before giving up. */
const WAIT_MS = 5_000;

/**
 * Moves keyboard focus to what an action produced, once it is in the document: the element may only
 * render after a refetch or a lazy page's code (docs/product.md §2 Layout, Focus). The element gets tabIndex -1 when
 * it is not focusable itself, and is scrolled into view only as far as needed; `onFocused` may place the caret
 * (Apply Fix selects the fixed words). Returns a function that cancels the wait.
 */
export function focusWhenShown<T extends HTMLElement>(
  find: () => T | null,
  options: { waitMs?: number; onFocused?: (element: T) => void } = {},
): () => void {
  const waitMs = options.waitMs ?? WAIT_MS;
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    const element = find();
    if (element) {
      if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1;
      element.focus({ preventScroll: true });
      element.scrollIntoView({ block: 'nearest' });
      options.onFocused?.(element);
      return;
    }
    if (performance.now() - started < waitMs) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}

/**
 * Where the thread page moves focus after an action (one id each: the page shows one thread). After
 * Generate it is the draft's text itself (draft-workspace.tsx); after Apply Fix the draft's text with
 * the fixed words selected (compliance-flags.tsx).
 */
export const THREAD_FOCUS = {
  /** After Check: the flag summary, a live region. */
  checkSummary: 'thread-check-summary',
  /** After Submit for approval or Approve & Send: where the reply stands. */
  approvalStatus: 'thread-approval-status',
} as const;

export const byId = (id: string) => () => document.getElementById(id);
