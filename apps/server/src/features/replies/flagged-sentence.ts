import { sha256Hex } from '../../lib/crypto';

/**
 * The sentence around a flag: what a 'not a problem here' judges, and what carries it to a later version
 * of the draft (docs/product.md §2 Message detail). A sentence ends at a line break, or at `.`, `!` or `?`
 * followed by whitespace or the end of the text — so '9.5%' or 'e.g' inside a sentence do not cut it.
 */
export type FlaggedSentence = {
  /** The sentence as written, trimmed. */
  text: string;
  /** Where it starts in the draft, and the flagged span inside it ([start, end), UTF-16). */
  start: number;
  spanStart: number;
  spanEnd: number;
  /** SHA-256 of the normalised sentence (normaliseSentence): the carry-forward key with the rule. */
  sha256: string;
};

const ENDS = new Set(['.', '!', '?']);

function isLineBreak(char: string | undefined): boolean {
  return char === '\n' || char === '\r';
}

/** An end mark at `i` ends a sentence when whitespace or the end of the text follows it. */
function endsSentenceAt(text: string, i: number): boolean {
  const next = text[i + 1];
  return ENDS.has(text[i] ?? '') && (next === undefined || /\s/.test(next));
}

/**
 * Whitespace runs to one space, trimmed, Unicode NFC: a re-wrapped or re-spaced sentence is the same
 * sentence; any other change (a word, a figure, a letter's case) makes it a new one.
 */
export function normaliseSentence(sentence: string): string {
  return sentence.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** The sentence that holds the flagged span [start, end) of `text` (the span is clamped to the text). */
export function sentenceAround(text: string, start: number, end: number): FlaggedSentence {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  let begin = 0;
  for (let i = from - 1; i >= 0; i -= 1) {
    if (isLineBreak(text[i]) || endsSentenceAt(text, i)) {
      begin = i + 1;
      break;
    }
  }
  let finish = text.length;
  for (let i = to; i < text.length; i += 1) {
    if (isLineBreak(text[i])) {
      finish = i;
      break;
    }
    if (endsSentenceAt(text, i)) {
      finish = i + 1;
      break;
    }
  }
  const raw = text.slice(begin, finish);
  const lead = raw.length - raw.trimStart().length;
  const sentence = raw.trim();
  const sentenceStart = begin + lead;
  return {
    text: sentence,
    start: sentenceStart,
    spanStart: Math.max(0, from - sentenceStart),
    spanEnd: Math.min(sentence.length, Math.max(0, to - sentenceStart)),
    sha256: sha256Hex(normaliseSentence(sentence)),
  };
}
