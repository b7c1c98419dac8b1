/**
 * The words a letter closes with: 'Kind regards', 'Best', 'Yours sincerely', 'Many thanks', 'Thank you',
 * 'Cheers'... One list for the closing Parley appends (drafter.ts) and the sign-off it removes from a
 * model's answer (remote-answer.ts), so the two agree on what a sign-off is.
 */
const SIGN_OFF_WORDS = String.raw`(?:(?:kind|best|warm|warmest|with\s+(?:kind|best|warm)|many)\s+)?(?:regards|wishes)|(?:yours\s+)?(?:sincerely|faithfully|truly|respectfully)|all\s+the\s+best|best|(?:many\s+)?thanks(?:\s+again)?|thank\s+you(?:\s+again)?|cheers|warmly`;

const OPENS_WITH_SIGN_OFF = new RegExp(`^(?:${SIGN_OFF_WORDS})\\b`, 'i');

/**
 * A whole line that is a sign-off: the words alone ('Kind regards,') or followed by a comma and a name
 * ('Best, Sam'); never a sentence that merely starts with them ('Thanks to the new lease, ...').
 */
const SIGN_OFF_LINE = new RegExp(
  `^(?:${SIGN_OFF_WORDS})(?:\\s*[,.!]?|\\s*,\\s*\\p{L}[\\p{L}.'’ -]{0,60})$`,
  'iu',
);

/** A signature that already opens with a sign-off ('Best regards,\nDana') gets no second one. */
export function opensWithSignOff(signature: string): boolean {
  return OPENS_WITH_SIGN_OFF.test(signature.trim());
}

export function isSignOffLine(line: string): boolean {
  return SIGN_OFF_LINE.test(line.trim());
}
