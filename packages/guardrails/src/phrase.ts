/**
 * The safe phrase syntax of custom patterns (see README.md), parsed into a list of token slots.
 * Nothing here builds or runs a regular expression from user input.
 *
 * Custom phrases:
 *   word        a word, matched case-insensitively (curly apostrophes are the same as straight ones)
 *   stem*       a word starting with `stem` (at least 3 letters): guarantee* = guarantee, guarantees, ...
 *   a|b|c       any one of the alternatives in this position
 *   #           any number (12, 12%, 2.0x, 150bps)
 *   ...         a gap of 0 to 3 words
 *   risk-free   a hyphenated word is two words in a row, matched across a space, hyphen or line break
 *
 * Built-in patterns additionally use `@CLASS` (a named word set), a trailing `?` (optional slot) and
 * `...N` (a gap of 0 to N words); `validatePhrase` rejects those in custom phrases.
 */
export type Alt =
  | { kind: 'word'; word: string }
  | { kind: 'stem'; stem: string }
  | { kind: 'num' }
  | { kind: 'class'; name: string };

export type Slot = { kind: 'slot'; alts: Alt[]; optional: boolean } | { kind: 'gap'; max: number };

export const MAX_PHRASE_LENGTH = 120;
export const MAX_WORDS = 8;
export const MAX_GAPS = 3;
export const MAX_ALTERNATIVES = 10;
export const MIN_STEM = 3;
export const CUSTOM_GAP = 3;

const WORD = /^[\p{L}\p{N}\p{M}]+(?:['\u2019][\p{L}\p{N}\p{M}]+)*$/u;
const ALLOWED = /^[\p{L}\p{N}\p{M}'\u2019\-\u2010\u2011*|#.\s]*$/u;

const SYNTAX_HELP =
  "Use words, '*' at the end of a word, '|' between alternative words, '#' for a number and '...' for a gap of up to 3 words.";

type Parsed = { slots: Slot[] } | { error: string };

function normaliseWord(w: string): string {
  return w.toLowerCase().replace(/\u2019/g, "'");
}

/** Parse one alternative; a hyphenated word yields several words in a row. */
function parseAlt(raw: string, extended: boolean): Alt[] | string {
  if (raw === '#') return [{ kind: 'num' }];
  if (extended && raw.startsWith('@')) return [{ kind: 'class', name: raw.slice(1) }];
  if (raw.endsWith('*')) {
    const stem = raw.slice(0, -1);
    if (!WORD.test(stem) || stem.length < MIN_STEM) {
      return `'${raw}': put '*' at the end of a word of at least ${MIN_STEM} letters.`;
    }
    return [{ kind: 'stem', stem: normaliseWord(stem) }];
  }
  if (raw.includes('*')) return `'${raw}': '*' may only end a word.`;
  const parts = raw.split(/[-\u2010\u2011]/);
  const out: Alt[] = [];
  for (const part of parts) {
    if (!part) return `'${raw}': a hyphen must join two words.`;
    if (!WORD.test(part)) return `'${raw}' is not a word. ${SYNTAX_HELP}`;
    if (/^[0-9]/.test(part)) return `'${raw}': write '#' for a number.`;
    out.push({ kind: 'word', word: normaliseWord(part) });
  }
  return out;
}

export function parsePhrase(phrase: string, extended = false): Parsed {
  const text = phrase.trim();
  if (!text) return { error: 'Write the phrase.' };
  if (!extended) {
    if (text.length > MAX_PHRASE_LENGTH) {
      return { error: `Keep the phrase to ${MAX_PHRASE_LENGTH} characters or fewer.` };
    }
    if (!ALLOWED.test(text))
      return { error: `The phrase has characters that are not allowed. ${SYNTAX_HELP}` };
  }
  const slots: Slot[] = [];
  let words = 0;
  let gaps = 0;
  for (const raw of text.split(/\s+/)) {
    const gap = /^\.\.\.(\d*)$/.exec(raw);
    if (gap) {
      if (gap[1] && !extended) return { error: `'${raw}': write '...' without a number.` };
      if (slots.length === 0) return { error: "A phrase cannot start with '...'." };
      if (slots[slots.length - 1]?.kind === 'gap')
        return { error: "Write '...' only once between two words." };
      gaps++;
      slots.push({ kind: 'gap', max: gap[1] ? Number(gap[1]) : CUSTOM_GAP });
      continue;
    }
    if (raw.includes('.')) return { error: `'${raw}': a dot is only allowed as '...'. ${SYNTAX_HELP}` };
    let body = raw;
    let optional = false;
    if (extended && body.endsWith('?')) {
      optional = true;
      body = body.slice(0, -1);
    }
    const altsRaw = body.split('|');
    if (altsRaw.some((a) => a === '')) return { error: `'${raw}': write a word on each side of '|'.` };
    if (!extended && altsRaw.length > MAX_ALTERNATIVES) {
      return { error: `'${raw}': use at most ${MAX_ALTERNATIVES} alternatives in one place.` };
    }
    const parsed: Alt[][] = [];
    for (const a of altsRaw) {
      const alt = parseAlt(a, extended);
      if (typeof alt === 'string') return { error: alt };
      parsed.push(alt);
    }
    if (parsed.length > 1 && parsed.some((p) => p.length > 1)) {
      return { error: `'${raw}': hyphenated words cannot be alternatives; add separate patterns instead.` };
    }
    if (parsed.length === 1 && (parsed[0]?.length ?? 0) > 1) {
      if (optional) return { error: `'${raw}': a hyphenated word cannot be optional.` };
      for (const alt of parsed[0] ?? []) {
        slots.push({ kind: 'slot', alts: [alt], optional: false });
        words++;
      }
    } else {
      slots.push({ kind: 'slot', alts: parsed.map((p) => p[0] as Alt), optional });
      words++;
    }
  }
  if (slots[slots.length - 1]?.kind === 'gap') return { error: "A phrase cannot end with '...'." };
  if (slots[0]?.kind === 'slot' && slots[0].optional) return { error: 'The first word cannot be optional.' };
  if (!extended) {
    const hasWord = slots.some(
      (s) => s.kind === 'slot' && s.alts.some((a) => a.kind === 'word' || a.kind === 'stem'),
    );
    if (!hasWord) return { error: "Add at least one word besides '#'." };
    if (words > MAX_WORDS) return { error: `Use at most ${MAX_WORDS} words.` };
    if (gaps > MAX_GAPS) return { error: `Use '...' at most ${MAX_GAPS} times.` };
  }
  return { slots };
}

/** Why a custom pattern's phrase is not accepted, or null when it is. */
export function validatePhrase(phrase: string): string | null {
  if (typeof phrase !== 'string') return 'Write the phrase.';
  const parsed = parsePhrase(phrase, false);
  return 'error' in parsed ? parsed.error : null;
}
