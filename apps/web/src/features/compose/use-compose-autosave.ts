import type { ComposeDraft } from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useSaveComposeDraft } from './api/save-compose-draft';
import { type ComposeForm, EMPTY_FORM, formOf } from './compose-draft';

/** A save per pause in typing, not per key. */
const AUTOSAVE_DELAY_MS = 1_000;

export type AutosaveState =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'saved'; at: string }
  | { status: 'failed'; message: string };

/**
 * Keeps the form on the server as it is typed (docs/decisions/048-no-placeholders.md): a second after
 * the last change, the whole form replaces the saved draft. Paused while `isPaused` (the message is
 * being logged, which clears the draft on the server).
 */
export function useComposeAutosave(form: ComposeForm, initial: ComposeDraft | null, isPaused: boolean) {
  const save = useSaveComposeDraft();
  const lastSaved = useRef(JSON.stringify(formOf(initial)));
  const inFlight = useRef<Promise<void> | null>(null);
  const [state, setState] = useState<AutosaveState>(
    initial ? { status: 'saved', at: initial.saved_at } : { status: 'idle' },
  );
  const serialized = JSON.stringify(form);
  const { mutateAsync } = save;

  useEffect(() => {
    if (isPaused || serialized === lastSaved.current) return;
    const timer = window.setTimeout(() => {
      setState({ status: 'saving' });
      const saving = mutateAsync(JSON.parse(serialized) as ComposeForm).then(
        (saved) => {
          lastSaved.current = serialized;
          setState(saved.draft ? { status: 'saved', at: saved.draft.saved_at } : { status: 'idle' });
        },
        (error: unknown) => setState({ status: 'failed', message: failureOf(error) }),
      );
      const tracked = saving.finally(() => {
        if (inFlight.current === tracked) inFlight.current = null;
      });
      inFlight.current = tracked;
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [serialized, isPaused, mutateAsync]);

  return {
    state,
    /** The form is empty again (logged or discarded): nothing is left to save. */
    reset() {
      lastSaved.current = JSON.stringify(EMPTY_FORM);
      setState({ status: 'idle' });
    },
    /** A save still on its way, which a later discard must wait for; null when none. */
    pendingSave: () => inFlight.current,
  };
}

/** A refused field says which ('Subject must be at most 300 characters'); anything else, what failed. */
function failureOf(error: unknown): string {
  const field = isApiError(error) ? Object.values(error.fields ?? {})[0] : undefined;
  return field ?? getErrorMessage(error, 'the server could not be reached');
}
