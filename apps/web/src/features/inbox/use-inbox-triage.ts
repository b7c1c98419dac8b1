import type { MessageBulkAction } from '@parley/contracts';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from 'sonner';
import { useChangeMessages } from '@/api/messages/triage-messages';
import { getErrorMessage } from '@/lib/api-client';
import { isEditableTarget, isInOverlay } from '@/lib/editable-target';
import { initialTriageState, matchTriageKey, type TriageState, triageReducer } from './inbox-triage';

const DONE_TEXTS: Record<MessageBulkAction, (n: number) => string> = {
  resolve: (n) => (n === 1 ? 'Message resolved' : `${n} messages resolved`),
  reopen: (n) => (n === 1 ? 'Message reopened' : `${n} messages reopened`),
  assign: (n) => (n === 1 ? 'Owner changed' : `Owner changed on ${n} messages`),
};

/**
 * The inbox's keyboard triage and bulk actions: j/k move a focus ring over the rows (the row's link
 * takes the focus, so Enter opens it), e resolves the row with an Undo, x selects it. Keys are read
 * on the window while the inbox is shown, and never while typing or inside a dialog.
 */
export function useInboxTriage(ids: readonly string[], canChange: boolean) {
  const [state, dispatch] = useReducer(triageReducer, initialTriageState);
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const change = useChangeMessages();

  const idsKey = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for ids' content
  useEffect(() => dispatch({ type: 'shown', ids }), [idsKey]);

  const run = useCallback(
    (input: { ids: string[]; action: MessageBulkAction; ownerId?: string | null }, onDone?: () => void) => {
      change.mutate(
        {
          ids: input.ids,
          action: input.action,
          ...(input.action === 'assign' ? { owner_id: input.ownerId ?? null } : {}),
        },
        {
          onSuccess: ({ changed }) => {
            onDone?.();
            if (changed.length === 0) {
              toast.info('Nothing to change: the messages already were like that.');
              return;
            }
            const undo =
              input.action === 'resolve'
                ? { label: 'Undo', onClick: () => change.mutate({ ids: changed, action: 'reopen' }) }
                : undefined;
            toast.success(DONE_TEXTS[input.action](changed.length), undo ? { action: undo } : {});
          },
          onError: (error) => toast.error(getErrorMessage(error, 'The messages could not be changed.')),
        },
      );
    },
    [change],
  );

  const latest = useRef({ state, ids, canChange, run });
  latest.current = { state, ids, canChange, run };

  useEffect(() => {
    // The row's link takes the focus (its onFocus records the row): one place moves the ring.
    function moveFocus(state: TriageState, by: 1 | -1, ids: readonly string[]) {
      const { focusedId } = triageReducer(state, { type: 'move', by, ids });
      if (!focusedId) return;
      dispatch({ type: 'focus', id: focusedId });
      const link = links.current.get(focusedId);
      link?.focus();
      link?.scrollIntoView({ block: 'nearest' });
    }

    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const key = matchTriageKey({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        shiftKey: event.shiftKey,
        isEditable: isEditableTarget(event.target),
        isInOverlay: isInOverlay(event.target),
      });
      if (!key) return;
      const { state, ids, canChange, run } = latest.current;
      if (key === 'next' || key === 'previous') {
        event.preventDefault();
        moveFocus(state, key === 'next' ? 1 : -1, ids);
        return;
      }
      const focusedId = state.focusedId;
      if (!focusedId || !canChange) return;
      event.preventDefault();
      if (key === 'select') dispatch({ type: 'toggle', id: focusedId });
      else {
        // As a mail client archives: resolve, and move on to the next row.
        run({ ids: [focusedId], action: 'resolve' });
        moveFocus(state, 1, ids);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const linkRef = useCallback(
    (id: string) => (element: HTMLAnchorElement | null) => {
      if (element) links.current.set(id, element);
      else links.current.delete(id);
    },
    [],
  );

  return {
    state,
    focus: (id: string) => dispatch({ type: 'focus', id }),
    toggle: (id: string) => dispatch({ type: 'toggle', id }),
    clear: () => dispatch({ type: 'clear' }),
    run,
    isRunning: change.isPending,
    linkRef,
  };
}
