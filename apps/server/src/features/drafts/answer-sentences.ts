import { MONTH_NAMES } from './question-parts';

// The sentences of a fund passage that may answer an investor, and how they read in a reply
// (docs/drafting-eval.md): titles, questions, greetings, sign-offs and contact lines never answer.

export type AnswerSentence = {
  /** As written in the document, whitespace collapsed. */
  text: string;
  /** The heading it sits under in the passage, if any. */
  heading: string | null;
  index: number;
};

const SIGN_OFF =
  /^(?:(?:yours\s+)?(?:sincerely|faithfully|truly)|(?:kind|best|warm|warmest)\s+regards|regards|with (?:best|kind) (?:wishes|regards)|on behalf of)\b/i;
const CONTACT =
  /[\w.+-]+@[\w-]+\.[\w.]+|\+?\d[\d ().-]{7,}\d|^(?:questions|contact|enquiries|inquiries|tel|phone|telephone|fax|e-?mail|web(?:site)?|address)\b/i;
const GREETING = /^(?:dear|hello|hi)\b/i;

function cellsOf(row: string): string[] {
  return row
    .replace(/^\|\s*|\s*\|$/g, '')
    .split(/\s*\|\s*/)
    .map((cell) => cell.replace(/\*\*|__|`/g, '').trim());
}

/**
 * A table row as one line that names its columns: 'Total per Unit: Levered Series $0.5200; Unlevered
 * Series $0.4100' under 'Component | Levered Series | Unlevered Series'.
 */
function rowText(columns: string[], cells: string[]): string {
  const [label = '', ...values] = cells;
  const named = values
    .map((value, i) => {
      const column = columns[i + 1] ?? '';
      return value && column ? `${column} ${value}` : value;
    })
    .filter(Boolean);
  return named.length ? `${label}: ${named.join('; ')}` : label;
}

/** Mostly capitalised words and no closing punctuation: 'Harbor Fund II — Third Quarter 2025 Letter'. */
function isTitle(line: string): boolean {
  if (/[.!?:;,]$/.test(line) || /[:$€£%]/.test(line)) return false;
  const words = line.split(' ').filter((w) => /[A-Za-z]/.test(w));
  const capitalised = words.filter(
    (w) => /^[A-Z(]/.test(w) || /^(?:of|and|the|to|for|in|on|a|an|at|by)$/.test(w),
  );
  return words.length > 0 && capitalised.length / words.length >= 0.8;
}

/** A title ('# Quarterly Letter', 'DISTRIBUTION NOTICE - Q3 2025', 'Investment process.') or a question. */
function isHeadingOrQuestion(line: string): boolean {
  return (
    line.startsWith('#') ||
    (!/[a-z]/.test(line) && /\b[A-Z]{3,}\b.*\b[A-Z]{3,}\b/.test(line)) ||
    isTitle(line) ||
    /^(?:q|question)\s*\d*[:.)]/i.test(line) ||
    line.endsWith('?') ||
    (line.split(' ').length < 4 && !/[\d:]/.test(line))
  );
}

function headingText(line: string): string {
  return line
    .replace(/^#+\s*/, '')
    .replace(/[*_]/g, '')
    .replace(/[:.]$/, '')
    .trim();
}

/** Markdown and 'A:' prefixes off; the words themselves untouched. */
export function plainSentence(sentence: string): string {
  return sentence
    .replace(/^(?:[-*•]|\d+[.)])\s+/, '')
    .replace(/^(?:a|answer)\s*[:.)-]\s*/i, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/^\|\s*|\s*\|$/g, '')
    .replace(/\s*\|\s*/g, '; ')
    .trim();
}

/**
 * The sentences of a passage that may answer: lines first (fact sheets are 'Label: value' lines),
 * then sentences within a line; nothing after a sign-off; each with the heading above it.
 */
export function answerSentences(passage: string): AnswerSentence[] {
  const sentences: AnswerSentence[] = [];
  let heading: string | null = null;
  let closed = false;
  let columns: string[] | null = null;
  for (const rawLine of passage.split(/\n+/)) {
    const line = rawLine.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      heading = headingText(line);
      continue;
    }
    if (line.startsWith('|')) {
      const cells = cellsOf(line);
      if (cells.every((cell) => /^:?-{2,}:?$/.test(cell))) continue;
      if (!columns) {
        columns = cells;
        continue;
      }
      if (!closed) sentences.push({ text: rowText(columns, cells), heading, index: sentences.length });
      continue;
    }
    columns = null;
    // Paragraphs reach the index with their lines joined: bullets and Q:/A: pairs split again here.
    const pieces = line
      .split(/(?<=[.!?:;])\s+(?=[-*•]\s)|(?<=[.!?])\s+(?=[A-Z0-9"'($€£])|\s+(?=(?:A|Answer)\s*:\s)/)
      .map((piece) => piece.trim())
      .filter(Boolean);
    for (const piece of pieces) {
      if (SIGN_OFF.test(piece)) closed = true;
      if (closed) break;
      if (/^(?:q|question)\s*\d*[:.)]/i.test(piece) || piece.endsWith('?')) {
        // A questionnaire's question names what the answer after it is about.
        heading = piece.replace(/^(?:q|question)\s*\d*[:.)]\s*/i, '');
        continue;
      }
      const text = plainSentence(piece);
      if (!text || GREETING.test(text) || CONTACT.test(text)) continue;
      if (isHeadingOrQuestion(text)) {
        heading = headingText(text);
        continue;
      }
      sentences.push({ text, heading, index: sentences.length });
    }
  }
  return sentences;
}

const ACRONYMS =
  /^(?:q[1-4]|h[12]|nav|esg|ddq|faq|kid|kiid|ucits|lpa|ppm|sfdr|tcfd|k-1|us|uk|eu|usd|eur|gbp|lp|gp|irr|tvpi|dpi)$/i;

/** 'q3-2025-quarterly-letter.md#page=2' → 'Q3 2025 quarterly letter': a document as an investor names it. */
export function documentTitle(docPath: string): string {
  const name = docPath
    .replace(/#.*$/, '')
    .replace(/\.[a-z0-9]+$/i, '')
    // '2025-10' is October 2025; numbering ('01-', 'notice-09') says nothing to an investor.
    .replace(
      /((?:19|20)\d\d)[-_](0[1-9]|1[0-2])(?!\d)/,
      (_m, year: string, month: string) => `${MONTH_NAMES[Number(month) - 1]} ${year}`,
    )
    .replace(/(?:^|[-_\s])(?:no[-_]?)?\d{1,2}(?=$|[-_\s])/gi, ' ');
  return name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.test(w) ? w.toUpperCase() : MONTH_NAMES.includes(w) ? w : w.toLowerCase()))
    .join(' ');
}

const LOWERABLE =
  /^(?:The|A|An|We|Our|It|Its|This|These|There|Each|Every|All|In|On|At|As|For|From|Since|During|After|Before|Over|Under|Of|Investors|Distributions|Redemptions|Subscriptions|Units|Shares|Fees)\b/;

/**
 * A 'Label: value' line as a sentence ('Management fee: 0.85% of NAV.' → 'The management fee is
 * 0.85% of NAV.'); a label naming a period keeps the line with its heading ('Performance (net of
 * fees), Q3 2025: 2.9%.'). Other sentences are returned as they are.
 */
export function proseOf(sentence: AnswerSentence): string {
  const text = sentence.text.replace(/[^.!?]$/, '$&.');
  const labelled = /^([A-Za-z][^:]{1,48}):\s+(\S.*)$/.exec(text);
  if (!labelled) return text;
  const [, label = '', value = ''] = labelled;
  if (/\d/.test(label)) {
    return sentence.heading && !sentence.heading.endsWith('?') ? `${sentence.heading}, ${text}` : text;
  }
  if (label.split(' ').length > 6) return text;
  const plural = /[^s]s$|\bfees$/i.test(label.split(' (')[0] ?? label);
  const lowered = /^[A-Z][a-z]/.test(label) ? label[0]?.toLowerCase() + label.slice(1) : label;
  return plural ? `${label} are ${value}` : `The ${lowered} is ${value}`;
}

/** The sentence inside 'According to our fact sheet, …': lowercased when its first word allows. */
export function afterLeadIn(prose: string): string {
  return LOWERABLE.test(prose) ? prose[0]?.toLowerCase() + prose.slice(1) : prose;
}
