import type { SaveDraftInput } from '@parley/contracts';
import { type Dispatch, type RefObject, useEffect, useReducer, useRef } from 'react';
import { useLatestDraft } from '@/api/drafts/get-latest-draft';
import { isCheckStale } from './components/compliance-rules';
import {
  type DraftEditorAction,
  type DraftEditorState,
  draftEditorReducer,
  initialDraftEditorState,
  saveInputOf,
} from './draft-editor-reducer';

export type DraftEditor = {
  state: DraftEditorState;
  dispatch: Dispatch<DraftEditorAction>;
  /** What Save Draft would send now. */
  saveInput: SaveDraftInput;
  /** The latest version's stored check no longer matches the editor's text. */
  isCheckStale: boolean;
  /** The editor's <textarea>: the flags rail selects a flag's words in it, Apply Fix the fixed ones. */
  textareaRef: RefObject<HTMLTextAreaElement | null>;
};

/**
 * The thread page's draft editor (draft-editor-reducer.ts), fed every time the latest version
 * loads or changes on the server, so the workspace and the compliance flags rail read one state.
 */
export function useDraftEditor(messageId: string): DraftEditor {
  const latest = useLatestDraft(messageId).data;
  // A version already in the cache is in the editor from the first render, so nothing shows stale meanwhile.
  const [state, dispatch] = useReducer(draftEditorReducer, latest, (draft) =>
    draft === undefined
      ? initialDraftEditorState
      : draftEditorReducer(initialDraftEditorState, { type: 'loaded', draft }),
  );
  useEffect(() => {
    if (latest !== undefined) dispatch({ type: 'loaded', draft: latest });
  }, [latest]);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  return {
    state,
    dispatch,
    saveInput: saveInputOf(state),
    isCheckStale: isCheckStale(latest?.draftText, state.text),
    textareaRef,
  };
}
