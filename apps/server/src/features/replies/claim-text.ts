/**
 * The structure of a reply the claim check reads (docs/decisions/026-claim-check.md): its sentences
 * and paragraphs, citation markers, what is never a claim (greeting, sign-offs, contact details,
 * numbering, file names), its links, and the content words that say what a sentence is about.
 */

export type Span = { start: number; end: number };
export type Sentence = Span & { paragraph: number };

/** [1], [1, 2], [1–3]: the passages of the version's citations, numbered from 1. */
export const MARKER = /\[(\d+(?:\s*[,–-]\s*\d+)*)\]/g;
const URL = /\bhttps?:\/\/[^\s<>()"'\]]+|\bwww\.[^\s<>()"'\]]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A file named in a draft ('2025 Fact Sheet.pdf#page=2'): its digits are a name, not a figure. */
const FILE_NAME =
  /(?<![\w.,'’-])(?:[\w()&'’-]+ ){0,4}[\w()&'’-]+\.(?:pdf|docx?|txt|md|xlsx?|csv|pptx?)(?:#page=\d+)?/gi;
const TIME =
  /(?<![\d.])\d{1,2}:\d{2}(?::\d{2})?(?:\s?(?:am|pm|a\.m\.|p\.m\.))?(?!\d)|(?<![\d.])\d{1,2}(?:\.\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)(?!\p{L})/giu;
const PHONE =
  /(?<![\w.,/])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{2,5}(?:[\s.-]\d{2,5}){1,5}(?![\w%])/g;
const PHONE_LABEL = /(?:tel|phone|telephone|fax|mobile|mob|call|direct|t|m|p)\.?:?\s*$/i;
/** A list item's numbering or bullet at the start of a line ('1. ', '(a) ', '- '). */
const BULLET = String.raw`^[ \t]*(?:\d{1,3}[.)]|\(\d{1,3}\)|[a-z][.)]|\([a-z]\)|[-*•·–])[ \t]+`;
const LIST_NUMBER = new RegExp(BULLET, 'gim');
const LINE_BULLET = new RegExp(BULLET, 'i');
const GREETING = /^\s*(?:dear|hi|hello|good (?:morning|afternoon|evening)|greetings)\b/i;

// ---------------------------------------------------------------------------------------------
// Spans that are never claims

function isPhone(text: string, match: RegExpExecArray): boolean {
  const written = match[0];
  const digits = written.replace(/\D/g, '').length;
  if (written.startsWith('+') || written.includes('(')) return digits >= 7;
  if (digits >= 9 && /[\s.-]/.test(written)) return true;
  return digits >= 6 && PHONE_LABEL.test(text.slice(Math.max(0, match.index - 12), match.index));
}

export function spansOf(
  pattern: RegExp,
  text: string,
  keep: (m: RegExpExecArray) => boolean = () => true,
): Span[] {
  const spans: Span[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0] === '') {
      pattern.lastIndex += 1;
      continue;
    }
    if (keep(match)) spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans;
}

/** Contact details, links, file names and times: never figures. */
export function contactSpans(text: string): Span[] {
  return [
    ...spansOf(URL, text),
    ...spansOf(EMAIL, text),
    ...spansOf(FILE_NAME, text),
    ...spansOf(TIME, text),
    ...spansOf(PHONE, text, (m) => isPhone(text, m)),
  ];
}

/** Citation markers and list numbering. */
export function markerSpans(text: string): Span[] {
  return [...spansOf(MARKER, text), ...spansOf(LIST_NUMBER, text)];
}

/**
 * The greeting that opens the text ('Dear Jane,'): up to its first comma, colon or '!', or the whole
 * first line when it has none — never the sentence that may follow it on the same line.
 */
export function greetingOf(text: string): Span | null {
  const first = text.search(/\S/);
  if (first === -1) return null;
  const line = lineAround(text, first);
  const opening = text.slice(line.start, line.end);
  if (!GREETING.test(opening)) return null;
  const stop = opening.search(/[,:!]/);
  return stop === -1 ? line : { start: line.start, end: line.start + stop + 1 };
}

/** The text with the spans blanked (same length, line breaks kept), so offsets still hold. */
export function maskOf(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const chars = text.split('');
  for (const span of spans) {
    for (let i = span.start; i < span.end; i += 1) if (chars[i] !== '\n') chars[i] = ' ';
  }
  return chars.join('');
}

export function lineAround(text: string, at: number): Span {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const next = text.indexOf('\n', at);
  return { start, end: next === -1 ? text.length : next };
}

// ---------------------------------------------------------------------------------------------
// Sign-offs

/** A line that closes a letter ('Kind regards,', 'Best regards, Margaret Chen, Portfolio Manager'). */
const SIGN_OFF =
  /^[ \t]*(?<phrase>(?:with\s+)?(?:kind|kindest|best|warm|warmest|warmly|many|all\s+the)\s+(?:regards|wishes|thanks|best)|regards|sincerely|cordially|respectfully|warmly|yours(?:\s+(?:sincerely|faithfully|truly))?|best|cheers|thanks|many\s+thanks|thank\s+you|with\s+(?:thanks|appreciation|gratitude))\b[ \t]*(?:(?<mark>[,.!—–-])[ \t]*(?<rest>[^\n]*?))?[ \t\r]*$/gim;
const NAME_LIKE = /^\p{Lu}[\p{L}.'’ -]*(?:,[ \t]*[\p{L}&.'’() -]+)*$/u;
/** 'Thanks.' or 'Best!' alone may end a paragraph: these close a letter only above a name. */
const WEAK_SIGN_OFF = /^(?:best|cheers|thanks|many\s+thanks|thank\s+you|with\s+thanks)$/i;

const SIGN_OFF_LINE = new RegExp(SIGN_OFF.source, 'i');

/** Whether a line is a sign-off on its own ('Kind regards,', 'Thanks,'), with or without a name after it. */
export function isSignOffLine(line: string): boolean {
  return line.trim() !== '' && SIGN_OFF_LINE.test(line.trim());
}

function isNameLike(line: string): boolean {
  return line.length <= 80 && line.split(/\s+/).length <= 8 && NAME_LIKE.test(line);
}

export type SignOff = {
  /** The sign-off line, and the block: the line and the lines under it up to a blank line. */
  line: Span;
  block: Span;
  /** Who signs: what follows the sign-off's comma, else the first line under it, when it reads as a name. */
  name: (Span & { text: string }) | null;
  /** The block on one line. */
  text: string;
};

/** The sign-offs of a text, in order. */
export function signOffsOf(text: string): SignOff[] {
  const found: SignOff[] = [];
  SIGN_OFF.lastIndex = 0;
  for (let match = SIGN_OFF.exec(text); match; match = SIGN_OFF.exec(text)) {
    if (match[0].trim() === '') {
      SIGN_OFF.lastIndex += 1;
      continue;
    }
    const rest = match.groups?.rest?.trim() ?? '';
    // 'Thanks, that helps.' is a sentence, not a sign-off: what follows the comma must be a name.
    if (rest && (match.groups?.mark !== ',' || rest.length > 100 || !NAME_LIKE.test(rest))) continue;
    const isWeak = WEAK_SIGN_OFF.test((match.groups?.phrase ?? '').trim());
    const start = match.index + (match[0].length - match[0].trimStart().length);
    // 'Kind regards,' above a saved signature that opens 'Cordially,': one block, one sign-off.
    const previous = found.at(-1);
    if (previous && start <= previous.block.end) continue;
    const lineEnd = start + match[0].trim().length;
    let blockEnd = lineEnd;
    let name: SignOff['name'] = null;
    if (rest) {
      const at = match.index + match[0].lastIndexOf(rest);
      const first = (rest.split(',')[0] ?? '').trim();
      name = { start: at, end: at + first.length, text: first };
    }
    let at = text.indexOf('\n', lineEnd);
    let isNameRead = name !== null;
    while (at !== -1) {
      const next = text.indexOf('\n', at + 1);
      const lineStop = next === -1 ? text.length : next;
      const line = text.slice(at + 1, lineStop);
      if (line.trim() === '') break;
      // The name is the first line under the sign-off that is not itself one.
      if (!isNameRead && !isSignOffLine(line)) {
        isNameRead = true;
        const lead = line.length - line.trimStart().length;
        const first = line.trim().split(/\s*[,|–—]\s*/)[0] ?? '';
        if (isNameLike(first))
          name = { start: at + 1 + lead, end: at + 1 + lead + first.length, text: first };
      }
      blockEnd = at + 1 + line.trimEnd().length;
      at = next;
    }
    if (isWeak && !name) continue;
    found.push({
      line: { start, end: lineEnd },
      block: { start, end: blockEnd },
      name,
      text: text
        .slice(start, blockEnd)
        .replace(/\s*\n\s*/g, ', ')
        .replace(/,,/g, ',')
        .trim(),
    });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Sentences

const ABBREVIATIONS = new Set(
  (
    'e.g i.e eg ie mr mrs ms dr prof st no nos vs approx incl excl jan feb mar apr jun jul aug sep sept ' +
    'oct nov dec inc ltd co corp p pp fig ref u.s cf al'
  ).split(' '),
);
const END = /[.!?]+["'”’)]*(?=\s|$)/g;
const TRAILING_MARKERS = /^(?:[ \t]*\[\d+(?:\s*[,–-]\s*\d+)*\])+/;

function pushTrimmed(into: Sentence[], text: string, start: number, end: number, paragraph: number) {
  const raw = text.slice(start, end);
  const trimmed = raw.trim();
  if (!trimmed) return;
  const lead = raw.length - raw.trimStart().length;
  into.push({ start: start + lead, end: start + lead + trimmed.length, paragraph });
}

/**
 * Sentences end at a line break, or at '.', '!' or '?' followed by whitespace — not after an
 * abbreviation or before a lower-case word or a digit — and keep the citation markers that follow
 * them ('… was $10.42. [1]'). A list item's numbering or bullet is not part of its sentence;
 * paragraphs are separated by blank lines.
 */
export function sentencesOf(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let paragraph = 0;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim() === '') {
      paragraph += 1;
    } else {
      let from = LINE_BULLET.exec(line)?.[0].length ?? 0;
      END.lastIndex = from;
      for (let match = END.exec(line); match; match = END.exec(line)) {
        const word = /([\p{L}.]+)$/u.exec(line.slice(from, match.index))?.[1]?.toLowerCase() ?? '';
        const next = line.slice(match.index + match[0].length).trimStart();
        if (match[0] === '.' && (ABBREVIATIONS.has(word) || /^[\p{Ll}\d]/u.test(next))) continue;
        let to = match.index + match[0].length;
        to += TRAILING_MARKERS.exec(line.slice(to))?.[0].length ?? 0;
        pushTrimmed(sentences, text, lineStart + from, lineStart + to, paragraph);
        from = to;
        END.lastIndex = to;
      }
      pushTrimmed(sentences, text, lineStart + from, lineEnd, paragraph);
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return sentences;
}

/** The sentence holding offset `at` (sentences in order), or undefined. */
export function sentenceHolding(sentences: readonly Sentence[], at: number): Sentence | undefined {
  let low = 0;
  let high = sentences.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const s = sentences[mid] as Sentence;
    if (at < s.start) high = mid - 1;
    else if (at >= s.end) low = mid + 1;
    else return s;
  }
  return undefined;
}

/** A sentence that thanks or acknowledges the investor ('Thanks for confirming the $45,100 arrived'). */
const ACKNOWLEDGEMENT =
  /^(?:thanks?\b|thank\s+you\b|many\s+thanks\b|(?:good|great|glad|pleased)\s+to\s+hear\b|noted\b)/i;
/** A sentence that says what the investor wrote or holds ('You mention that you hold 3,200 shares'). */
const INVESTOR_SAYS =
  /\b(?:you|he|she|they)(?:\s+\p{L}+)?\s+(?:mention(?:s|ed)?|said|say|says|wrote|write|note[sd]?|told|quote[sd]?|hold|holds|held|own|owns|invested|participate[sd]?|subscribed|committed)\b|\byour\s+client(?:['’]s)?\b/iu;

/**
 * The sentences that restate the investor's own message or position rather than the fund's documents
 * (docs/decisions/026-claim-check.md, 'Not claims'): without a marker of their own, opening with thanks
 * or an acknowledgement, or saying what the investor wrote or holds. The investor's message itself is
 * not always at hand (a draft checked before it was linked, the evaluation's replies).
 */
export function restatementSpans(text: string, sentences: readonly Sentence[]): Span[] {
  return sentences.filter((sentence) => {
    const words = text.slice(sentence.start, sentence.end);
    MARKER.lastIndex = 0;
    if (MARKER.test(words)) return false;
    return ACKNOWLEDGEMENT.test(words) || INVESTOR_SAYS.test(words);
  });
}

/** The passage numbers a span cites. */
export function markersIn(text: string, span: Span): number[] {
  const numbers: number[] = [];
  const slice = text.slice(span.start, span.end);
  MARKER.lastIndex = 0;
  for (let match = MARKER.exec(slice); match; match = MARKER.exec(slice)) {
    for (const part of (match[1] ?? '').split(',')) {
      const [from, to] = part.split(/[–-]/).map((n) => Number.parseInt(n.trim(), 10));
      if (from === undefined || Number.isNaN(from)) continue;
      const last = to === undefined || Number.isNaN(to) ? from : Math.min(to, from + 50);
      for (let n = from; n <= last; n += 1) numbers.push(n);
    }
  }
  return numbers;
}

// ---------------------------------------------------------------------------------------------
// Content words

const STOP = new Set(
  (
    'the and for are was were has have had this that these those with from into onto your our their its ' +
    'you we they them his her she him will would may might can could should shall must been being not ' +
    'but also only than then there here which who whom what when where why how all any each per about ' +
    'over under above below upon such some more most less very just dear thank thanks regards kind ' +
    'please as at by in of on or to is it be an a i so if do does did up out'
  ).split(' '),
);

function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

/**
 * Each content word of a text, lower-cased, with its span, in order: a word starts with a letter (so
 * 'q3' counts and '2025' does not), has two characters or more and is no stop word. By hand: it reads
 * every candidate passage of a check. Only ASCII letters are folded, so the spans are the text's own.
 */
export function eachContentWord(text: string, visit: (word: string, start: number, end: number) => void) {
  const length = text.length;
  for (let i = 0; i < length; i += 1) {
    const c = lowerCode(text.charCodeAt(i));
    if (c < 97 || c > 122 || (i > 0 && isWordCode(lowerCode(text.charCodeAt(i - 1))))) continue;
    let j = i + 1;
    while (j < length && isWordCode(lowerCode(text.charCodeAt(j)))) j += 1;
    if (j - i >= 2) {
      const word = text.slice(i, j).toLowerCase();
      if (!STOP.has(word)) visit(word, i, j);
    }
    i = j;
  }
}

function lowerCode(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

/** A text's content words (eachContentWord), once each, in order. */
export function contentWordsOf(text: string): string[] {
  const seen = new Set<string>();
  eachContentWord(text, (word) => seen.add(word));
  return [...seen];
}

/** A crude stem: 'distributions' and 'distribution' share one, as do 'quarter' and 'quarterly'. */
export function stemOf(word: string): string {
  if (word.length > 6) return word.slice(0, 6);
  return word.length > 2 && word.endsWith('s') ? word.slice(0, -1) : word;
}

/** The stems of a text's content words, added to `into` (a set the caller may reuse). */
export function addStems(text: string, into: Set<string>): Set<string> {
  eachContentWord(text, (word) => into.add(stemOf(word)));
  return into;
}

export function stemsOf(text: string): Set<string> {
  return addStems(text, new Set());
}

// ---------------------------------------------------------------------------------------------
// Links

/** A link compared without its scheme, 'www.', case or trailing slash. */
export function linkKey(link: string): string {
  return link
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}

/** The http(s) and www links of a text, without the punctuation that ends their sentence. */
export function linksOf(text: string): (Span & { text: string })[] {
  const links: (Span & { text: string })[] = [];
  URL.lastIndex = 0;
  for (let match = URL.exec(text); match; match = URL.exec(text)) {
    const written = match[0].replace(/[.,;:!?'"”’]+$/, '');
    links.push({ start: match.index, end: match.index + written.length, text: written });
  }
  return links;
}
