import { MESSAGE_LIMITS } from '@parley/contracts';

/**
 * An e-mail's words as a message stores them (docs/decisions/058-inbound-email.md): the same rules as
 * Compose's fields (createMessageInputSchema), applied by cleaning instead of refusing, since a mail
 * cannot be sent back to be corrected.
 */

/** Control characters (newlines and tabs included) and the Unicode line and paragraph separators. */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]+/gu;
/**
 * What a text column cannot hold or should not: NUL, the other C0 controls but tab and newline, DEL,
 * and unpaired surrogates (packages/contracts storable-text.ts).
 */
const UNSTORABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** At most `max` UTF-16 units, never ending on half a surrogate pair. */
export function cutAt(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** One line: breaks and control characters become spaces, runs of space one, trimmed, at most `max`. */
export function toOneLine(value: string, max: number): string {
  return cutAt(value.replace(LINE_BREAKING, ' ').replace(/\s+/g, ' ').trim(), max).trim();
}

/** Text with line ends as `\n` and nothing a text column refuses. */
export function toStorableText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(UNSTORABLE, '');
}

/** The subject a message shows: one line of at most MESSAGE_LIMITS.subject, '(no subject)' when empty. */
export function toSubject(value: string | undefined): string {
  return toOneLine(value ?? '', MESSAGE_LIMITS.subject) || '(no subject)';
}

/** The body of a mail that had no words (only attachments, say). */
export const NO_TEXT = '(no text)';

/** Said where the text is cut at MESSAGE_LIMITS.bodyText: the raw mail keeps the rest. */
export const TEXT_CUT_NOTE = `[The e-mail's text was cut at ${MESSAGE_LIMITS.bodyText.toLocaleString('en-GB')} characters; Parley keeps the whole e-mail.]`;

/**
 * The body a message stores: the text, then the notes (attachments left out, say), within
 * MESSAGE_LIMITS.bodyText. The notes always fit; the text is cut, with TEXT_CUT_NOTE, when it does not.
 */
export function composeBodyText(text: string, notes: readonly string[] = []): string {
  const max = MESSAGE_LIMITS.bodyText;
  const clean = toStorableText(text).trim();
  const tail = notes.map((note) => toStorableText(note).trim()).filter((note) => note !== '');
  const whole = [clean, ...tail].filter((part) => part !== '').join('\n\n');
  if (whole.length <= max) return whole || NO_TEXT;
  const tailText = [TEXT_CUT_NOTE, ...tail].join('\n\n');
  const room = Math.max(0, max - tailText.length - 2);
  return cutAt(`${cutAt(clean, room).trimEnd()}\n\n${tailText}`, max);
}
