import { type AuditActionType, auditActionsMatching } from '@parley/contracts';
import { isUuid } from '../../lib/cursor';
import { containsPattern } from '../../lib/like';

/** Characters with a meaning in tsquery syntax: removed from what is typed, never interpreted. */
const TSQUERY_SPECIAL = /[&|!():*'\\<>]/g;

/** What one search box text is compared with (docs/api.md `GET /api/audit/entries`). */
export type AuditSearch = {
  /** Every word typed as a quoted tsquery prefix (`'word':*`), all required, over the entry's words. */
  terms: string[];
  /** A name or e-mail fragment of the member who acted (ILIKE pattern). */
  actorPattern: string;
  /** Action types whose label or name contains the text ('approved' finds Reply approved). */
  actions: AuditActionType[];
  /** The text is an id: the entry's own, its entity's or its actor's. */
  id: string | null;
};

/**
 * The words as tsquery prefixes: each whitespace-separated word quoted (so an e-mail or a file name
 * stays one operand) and matched as a prefix.
 */
export function searchTerms(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(TSQUERY_SPECIAL, '').toLowerCase())
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .map((w) => `'${w}':*`);
}

export function auditSearchOf(q: string): AuditSearch {
  const text = q.trim();
  return {
    terms: searchTerms(text),
    actorPattern: containsPattern(text),
    actions: auditActionsMatching(text),
    id: isUuid(text) ? text.toLowerCase() : null,
  };
}
