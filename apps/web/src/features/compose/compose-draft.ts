/**
 * Compose's 'Save as Draft' (docs/product.md §2 Compose): the unfinished form is kept in this browser only
 * (localStorage, one key per signed-in user), restored on return and cleared once the message is
 * created. Nothing is sent to the server.
 */
export type ComposeDraft = {
  investor_name: string;
  investor_email: string;
  project_id: string;
  subject: string;
  body_text: string;
  topics: string[];
};

export const EMPTY_DRAFT: ComposeDraft = {
  investor_name: '',
  investor_email: '',
  project_id: '',
  subject: '',
  body_text: '',
  topics: [],
};

const keyOf = (userId: string) => `parley.compose-draft.${userId}`;

export function loadDraft(userId: string): ComposeDraft | null {
  try {
    const raw = window.localStorage.getItem(keyOf(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Record<keyof ComposeDraft, unknown>>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      investor_name: text(value.investor_name),
      investor_email: text(value.investor_email),
      project_id: text(value.project_id),
      subject: text(value.subject),
      body_text: text(value.body_text),
      topics: Array.isArray(value.topics)
        ? value.topics.filter((t): t is string => typeof t === 'string')
        : [],
    };
  } catch {
    return null;
  }
}

/** False when the browser refuses (private mode, quota): the caller says so. */
export function saveDraft(userId: string, draft: ComposeDraft): boolean {
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(userId: string): void {
  try {
    window.localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
