/**
 * The one string rule of every API input (docs/api.md 'Conventions', docs/decisions/036-storable-text.md):
 * PostgreSQL refuses a NUL in `text` and `jsonb`, and an unpaired UTF-16 surrogate in `jsonb` (the audit
 * payload), so such a string is refused with a 400 naming its field instead of failing at the database.
 */
export const UNSTORABLE_TEXT_MESSAGE =
  'Contains a character that cannot be stored (a NUL or an unpaired surrogate)';

/** A NUL, a high surrogate with no low one after it, or a low surrogate with no high one before it. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is what the rule refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The path of the first string in a decoded JSON value (or query, or path parameters) that is not
 * storable — a key counts as part of its object — or `undefined` when every string is. Paths are the
 * validator's (`items.2.title`); the value itself is `[]`.
 */
export function findUnstorableText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, index]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return path;
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
