import { type AuditActionType, auditActionsMatching } from '@parley/contracts';
import { isUuid } from '../../lib/cursor';
import { containsPattern } from '../../lib/like';

/** Characters with a meaning in tsquery syntax: removed from what is typed, never interpreted. */
const TSQUERY_SPECIAL = /[&|!():*'\\<>]/g;

/** What one search box text is compared with (docs/api.md `GET /api/audit/entries`). */
export type AuditSearch = {
  /** Every word typed, each as a prefix, all of them: over the entry's search words. */
  words: string | null;
  /** A name or e-mail fragment of the member who acted (ILIKE pattern). */
  actorPattern: string;
  /** Action types whose label or name contains the text ('approved' finds Reply approved). */
  actions: AuditActionType[];
  /** The text is an id: the entry's own, its entity's or its actor's. */
  id: string | null;
};

/**
 * The words as a tsquery for the 'simple' configuration: each whitespace-separated word quoted (so
 * an e-mail or a file name stays one operand) and matched as a prefix, all of them required.
 */
export function searchWordsQuery(text: string): string | null {
  const words = text
    .split(/\s+/)
    .map((w) => w.replace(TSQUERY_SPECIAL, '').toLowerCase())
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  return words.length > 0 ? words.map((w) => `'${w}':*`).join(' & ') : null;
}

export function auditSearchOf(q: string): AuditSearch {
  const text = q.trim();
  return {
    words: searchWordsQuery(text),
    actorPattern: containsPattern(text),
    actions: auditActionsMatching(text),
    id: isUuid(text) ? text.toLowerCase() : null,
  };
}
