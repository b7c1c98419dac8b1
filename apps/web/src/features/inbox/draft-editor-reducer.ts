import type { DraftVersion, SaveDraftInput } from '@parley/contracts';

/**
 * The draft editor of a thread: the text being edited, the version it is based on, an earlier
 * version restored into it, whether it holds unsaved edits, and which version is on screen.
 */
export type DraftEditorState = {
  text: string;
  /** The version the text started from (0 without one): a save based on an older one is refused (409). */
  baseVersion: number;
  /** The earlier version restored into the editor: the next save keeps its sources. */
  restoredFrom: number | null;
  /** The text holds edits not saved yet, so a newer version from the server does not replace it. */
  isDirty: boolean;
  /** The earlier version shown read-only, or null for the latest (the editor). */
  viewing: number | null;
  /** The approved templates inserted since the base version: the save records them (Analytics counts them). */
  templates: string[];
};

export type DraftEditorAction =
  /** The latest version was loaded or changed on the server (a refetch, a realtime event); null: no draft yet. */
  | { type: 'loaded'; draft: DraftVersion | null }
  /** The user typed, or inserted the template `templateId`. */
  | { type: 'edited'; text: string; templateId?: string }
  /** An earlier version was restored into the editor; it stays unsaved until Save Draft. */
  | { type: 'restored'; draft: DraftVersion }
  /** Generate AI Draft returned a new version: it replaces the editor, unsaved edits included. */
  | { type: 'generated'; draft: DraftVersion }
  /** The editor's text was saved as a new version (Save Draft, or Check Compliance with unsaved edits). */
  | { type: 'saved'; draft: DraftVersion }
  /** An earlier version picked to view read-only, or null to go back to the latest. */
  | { type: 'viewed'; version: number | null };

export const initialDraftEditorState: DraftEditorState = {
  text: '',
  baseVersion: 0,
  restoredFrom: null,
  isDirty: false,
  viewing: null,
  templates: [],
};

/** The editor holding a stored version with no edits. */
function holding(state: DraftEditorState, draft: DraftVersion | null): DraftEditorState {
  return {
    ...state,
    text: draft?.draftText ?? '',
    baseVersion: draft?.version ?? 0,
    restoredFrom: null,
    isDirty: false,
    templates: [],
  };
}

export function draftEditorReducer(state: DraftEditorState, action: DraftEditorAction): DraftEditorState {
  switch (action.type) {
    case 'loaded':
      // Unsaved edits are never overwritten: they keep their base version, so saving them after
      // someone else saved a newer one is refused instead of silently replacing it.
      return state.isDirty ? state : holding(state, action.draft);
    case 'edited': {
      const { templateId } = action;
      const templates =
        templateId && !state.templates.includes(templateId)
          ? [...state.templates, templateId]
          : state.templates;
      return { ...state, text: action.text, isDirty: true, templates };
    }
    case 'restored':
      // The base stays the version the editor started from: the restore is saved on top of it.
      return {
        ...state,
        text: action.draft.draftText,
        restoredFrom: action.draft.version,
        isDirty: true,
        viewing: null,
      };
    case 'generated':
      return { ...holding(state, action.draft), viewing: null };
    case 'saved':
      return holding(state, action.draft);
    case 'viewed':
      return { ...state, viewing: action.version };
  }
}

/** What Save Draft sends, and what Check Compliance saves before checking unsaved edits. */
export function saveInputOf(state: DraftEditorState): SaveDraftInput {
  return {
    text: state.text,
    based_on_version: state.baseVersion,
    ...(state.restoredFrom === null ? {} : { citations_from_version: state.restoredFrom }),
    ...(state.templates.length > 0 ? { templates: state.templates } : {}),
  };
}
