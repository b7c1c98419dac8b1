/**
 * The tags that fence the investor's message in a drafter's prompt (docs/decisions/014-drafters.md). Text
 * from the investor never carries them, so it cannot close the data block and speak as Parley.
 */
const DATA_DELIMITER = /<\/?\s*investor_message\s*>/gi;

/** The text without any data-block tag, removed until none is left ('<investor_<investor_message>message>'). */
export function stripDelimiters(value: string): string {
  let text = value;
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(DATA_DELIMITER, '');
  }
  return text;
}

/**
 * Control characters (newlines and tabs included), Unicode line and paragraph separators, and the
 * bidirectional overrides that can make a line read differently from what it holds.
 */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu;

/**
 * One line of investor-supplied text (a name, an address, a subject) for a prompt or a greeting
 * (docs/decisions/025-honest-remote-drafter.md): line breaks and control characters become spaces, runs
 * of spaces one, data-block tags are removed, and it is cut to `max` characters, so it can never start
 * a line of its own.
 */
export function singleLine(value: string, max: number): string {
  const flat = stripDelimiters(value.replace(NOT_ONE_LINE, ' ')).replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : chars.slice(0, max).join('').trimEnd();
}
