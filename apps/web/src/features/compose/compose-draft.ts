import type { ComposeDraft, ComposeDraftInput } from '@parley/contracts';

/** The form's fields; the unfinished form is kept on the server (api/save-compose-draft.ts). */
export type ComposeForm = ComposeDraftInput;

export const EMPTY_FORM: ComposeForm = {
  investor_name: '',
  investor_email: '',
  project_id: '',
  subject: '',
  body_text: '',
  topics: [],
};

/** The form a saved draft fills in. */
export function formOf(draft: ComposeDraft | null): ComposeForm {
  if (!draft) return EMPTY_FORM;
  const { saved_at: _savedAt, ...form } = draft;
  return form;
}
