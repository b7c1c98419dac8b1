import type { DraftVersion } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import {
  type DraftEditorAction,
  type DraftEditorState,
  draftEditorReducer,
  initialDraftEditorState,
  saveInputOf,
} from './draft-editor-reducer';

function buildDraftVersion(overrides: Partial<DraftVersion> = {}): DraftVersion {
  const version = overrides.version ?? 1;
  return {
    draftId: `draft-${version}`,
    messageId: 'message-1',
    version,
    source: 'generated',
    draftText: `Text of version ${version}`,
    citations: [],
    provenance: { drafter: 'stub', model: null, prompt_hash: null, passages: [] },
    created_by: null,
    created_by_name: null,
    created_at: '2026-01-01T00:00:00.000Z',
    compliance: null,
    ...overrides,
  };
}

/** The state after the actions, from the editor's first render. */
function after(...actions: DraftEditorAction[]): DraftEditorState {
  return actions.reduce(draftEditorReducer, initialDraftEditorState);
}

const v1 = buildDraftVersion({ version: 1 });
const v2 = buildDraftVersion({ version: 2, source: 'edited' });
const v3 = buildDraftVersion({ version: 3 });

describe('draftEditorReducer', () => {
  it('starts empty, clean, based on no version and showing the latest', () => {
    expect(initialDraftEditorState).toEqual({
      text: '',
      baseVersion: 0,
      restoredFrom: null,
      isDirty: false,
      viewing: null,
      templates: [],
    });
  });

  describe('loaded', () => {
    it('puts the latest version into a clean editor and bases the next save on it', () => {
      expect(after({ type: 'loaded', draft: v2 })).toEqual({
        ...initialDraftEditorState,
        text: v2.draftText,
        baseVersion: 2,
      });
    });

    it('leaves an empty editor based on version 0 when the message has no draft yet', () => {
      expect(after({ type: 'loaded', draft: null })).toEqual(initialDraftEditorState);
    });

    it('replaces a clean editor with a newer version saved elsewhere (a realtime refetch)', () => {
      const state = after({ type: 'loaded', draft: v1 }, { type: 'loaded', draft: v2 });
      expect(state.text).toBe(v2.draftText);
      expect(state.baseVersion).toBe(2);
      expect(state.isDirty).toBe(false);
    });

    it('does not clobber unsaved edits: they stay, based on the version they started from', () => {
      const edited = after({ type: 'loaded', draft: v1 }, { type: 'edited', text: 'My edit' });
      const state = draftEditorReducer(edited, { type: 'loaded', draft: v2 });
      expect(state).toBe(edited);
      // So saving them is refused by the server (409) instead of overwriting version 2.
      expect(saveInputOf(state)).toEqual({ text: 'My edit', based_on_version: 1 });
    });

    it('keeps a restored version in the editor when a new version arrives', () => {
      const restored = after(
        { type: 'loaded', draft: v2 },
        { type: 'viewed', version: 1 },
        { type: 'restored', draft: v1 },
      );
      expect(draftEditorReducer(restored, { type: 'loaded', draft: v3 })).toBe(restored);
    });

    it('keeps the earlier version on screen while the latest changes', () => {
      const state = after(
        { type: 'loaded', draft: v2 },
        { type: 'viewed', version: 1 },
        { type: 'loaded', draft: v3 },
      );
      expect(state.viewing).toBe(1);
      expect(state.text).toBe(v3.draftText);
    });
  });

  describe('edited', () => {
    it('holds the typed text as unsaved edits on the same base version', () => {
      const state = after({ type: 'loaded', draft: v1 }, { type: 'edited', text: 'Dear investor' });
      expect(state).toEqual({
        ...initialDraftEditorState,
        text: 'Dear investor',
        baseVersion: 1,
        isDirty: true,
      });
    });

    it('counts as unsaved even when the text is typed back to the stored one', () => {
      const state = after(
        { type: 'loaded', draft: v1 },
        { type: 'edited', text: 'x' },
        { type: 'edited', text: v1.draftText },
      );
      expect(state.isDirty).toBe(true);
    });

    it('lets a reply be written before any draft exists, saved on top of version 0', () => {
      const state = after({ type: 'loaded', draft: null }, { type: 'edited', text: 'Hand-written' });
      expect(saveInputOf(state)).toEqual({ text: 'Hand-written', based_on_version: 0 });
    });

    it('sends the templates inserted since the base version once each, and forgets them once saved', () => {
      const state = after(
        { type: 'loaded', draft: v1 },
        { type: 'edited', text: 'Dear investor, A', templateId: 'template-a' },
        { type: 'edited', text: 'Dear investor, A B', templateId: 'template-b' },
        { type: 'edited', text: 'Dear investor, A B A', templateId: 'template-a' },
        { type: 'edited', text: 'Dear investor, A B A.' },
      );
      expect(saveInputOf(state)).toEqual({
        text: 'Dear investor, A B A.',
        based_on_version: 1,
        templates: ['template-a', 'template-b'],
      });
      expect(draftEditorReducer(state, { type: 'saved', draft: v2 }).templates).toEqual([]);
      expect(draftEditorReducer(state, { type: 'generated', draft: v2 }).templates).toEqual([]);
    });
  });

  describe('viewed', () => {
    it('shows an earlier version without touching the editor, and goes back to the latest', () => {
      const edited = after({ type: 'loaded', draft: v2 }, { type: 'edited', text: 'Unsaved' });
      const viewing = draftEditorReducer(edited, { type: 'viewed', version: 1 });
      expect(viewing).toEqual({ ...edited, viewing: 1 });
      expect(draftEditorReducer(viewing, { type: 'viewed', version: null })).toEqual(edited);
    });
  });

  describe('restored', () => {
    it('puts the earlier version into the editor as unsaved, back on the latest view', () => {
      const state = after(
        { type: 'loaded', draft: v3 },
        { type: 'viewed', version: 1 },
        { type: 'restored', draft: v1 },
      );
      expect(state).toEqual({
        text: v1.draftText,
        baseVersion: 3,
        restoredFrom: 1,
        isDirty: true,
        viewing: null,
        templates: [],
      });
    });

    it('saves on top of the latest version and keeps the restored version’s sources', () => {
      const state = after(
        { type: 'loaded', draft: v3 },
        { type: 'viewed', version: 1 },
        { type: 'restored', draft: v1 },
      );
      expect(saveInputOf(state)).toEqual({
        text: v1.draftText,
        based_on_version: 3,
        citations_from_version: 1,
      });
    });

    it('keeps the restored version’s sources when the restored text is then edited', () => {
      const state = after(
        { type: 'loaded', draft: v3 },
        { type: 'restored', draft: v1 },
        { type: 'edited', text: `${v1.draftText} More.` },
      );
      expect(saveInputOf(state)).toEqual({
        text: `${v1.draftText} More.`,
        based_on_version: 3,
        citations_from_version: 1,
      });
    });
  });

  describe('generated', () => {
    it('replaces the editor, unsaved edits and a restore included, with the generated version', () => {
      const state = after(
        { type: 'loaded', draft: v1 },
        { type: 'restored', draft: v1 },
        { type: 'edited', text: 'Unsaved' },
        { type: 'viewed', version: 1 },
        { type: 'generated', draft: v2 },
      );
      expect(state).toEqual({
        text: v2.draftText,
        baseVersion: 2,
        restoredFrom: null,
        isDirty: false,
        viewing: null,
        templates: [],
      });
    });

    it('accepts the same version when it then loads as the latest', () => {
      const generated = after({ type: 'loaded', draft: null }, { type: 'generated', draft: v1 });
      expect(draftEditorReducer(generated, { type: 'loaded', draft: v1 })).toEqual(generated);
    });
  });

  describe('saved', () => {
    it('makes the saved version the clean base (Save Draft, or Check Compliance with unsaved edits)', () => {
      const v4 = buildDraftVersion({ version: 4, source: 'edited', draftText: 'Edited' });
      const state = after(
        { type: 'loaded', draft: v3 },
        { type: 'restored', draft: v1 },
        { type: 'edited', text: 'Edited' },
        { type: 'saved', draft: v4 },
      );
      expect(state).toEqual({
        text: 'Edited',
        baseVersion: 4,
        restoredFrom: null,
        isDirty: false,
        viewing: null,
        templates: [],
      });
      expect(saveInputOf(state)).toEqual({ text: 'Edited', based_on_version: 4 });
    });

    it('follows the latest version again once saved (an Apply Fix or a colleague’s save)', () => {
      const v4 = buildDraftVersion({ version: 4, draftText: 'Edited' });
      const v5 = buildDraftVersion({ version: 5, draftText: 'Edited, fixed' });
      const state = after(
        { type: 'loaded', draft: v3 },
        { type: 'edited', text: 'Edited' },
        { type: 'saved', draft: v4 },
        { type: 'loaded', draft: v5 },
      );
      expect(state).toEqual({ ...initialDraftEditorState, text: 'Edited, fixed', baseVersion: 5 });
    });
  });
});

describe('saveInputOf', () => {
  it('sends the text and its base version, and the restored version only after a restore', () => {
    expect(saveInputOf(after({ type: 'loaded', draft: v2 }))).toEqual({
      text: v2.draftText,
      based_on_version: 2,
    });
    expect(saveInputOf(after({ type: 'loaded', draft: v2 }))).not.toHaveProperty('citations_from_version');
  });
});
