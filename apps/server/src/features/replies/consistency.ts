import { type Figure, figuresOf } from './claim-figures';
import {
  contactSpans,
  contentWordsOf,
  greetingOf,
  markerSpans,
  maskOf,
  type Sentence,
  type Span,
  sentenceHolding,
  sentencesOf,
  signOffsOf,
  stemOf,
} from './claim-text';

/**
 * Consistency across investors (docs/decisions/027-consistency-across-investors.md): where a draft
 * states a figure, a date or a commitment about the same thing as a reply already sent on the same
 * question, and says something else. Pure and synchronous: the caller picks the earlier replies.
 *
 * 'The same thing' is read from the words around it: the same kind of figure in the same unit
 * ('$0.1450 per unit', '4.2%'), named by the same words just before it ('distribution', 'NAV'), in
 * sentences about the same topic, for the same period ('Q3', 'as of 30 June 2025'). Values are compared
 * as numbers ('$1.42bn' is '$1.42 billion'); a figure about the investor's own holding ('your units'),
 * one the investor wrote, and one whose period is relative ('last quarter') are never compared.
 */

/** A reply sent earlier on the same question, most similar first. */
export type EarlierReply = {
  /** Handed back with a finding, to name the reply. */
  id: string;
  text: string;
  /** The message it answered: figures the investor wrote there are theirs, not the fund's. */
  question?: string;
};

export type Inconsistency = {
  kind: 'figure' | 'commitment';
  /** The figure, or the word that makes (or withholds) the commitment, in the draft. */
  start: number;
  end: number;
  term: string;
  /** The draft's sentence holding it. */
  sentence: Span;
  /** The earlier reply that says otherwise: its figure or commitment word and its sentence. */
  earlier: { id: string; term: string; sentence: string };
};

/**
 * The words before a figure in its clause that name what it is about ('the Q3 distribution of',
 * 'occupancy of the logistics park'): at most this many, the last ones.
 */
const HEAD_WORDS = 6;
/** Two sentences are about the same topic when this share of the shorter one's words is in both. */
const TOPIC_OVERLAP_MIN = 0.6;
/** Two commitments are about the same thing when their sentences share this many topic words too. */
const COMMITMENT_SHARED_MIN = 3;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  // 'may' is a modal far more often than a month.
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_NUMBERS: Record<string, number> = {
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

/** Words that name a period, never the thing a figure is about. */
const PERIOD_STEMS = new Set(
  [
    ...MONTHS,
    ...'first second third fourth 1st 2nd 3rd 4th q1 q2 q3 q4 h1 h2 quarter quarterly half year yearly annual annually month monthly fy fiscal period ytd inception date end ended ending'.split(
      ' ',
    ),
  ].map(stemOf),
);

/**
 * A full date after one of these (or 'as of') is the period a sentence is about ('at 30 June', 'for
 * the year ended 31 March'), not a claim; after 'on' or 'by' it says when something happens.
 */
const LABEL_PREPOSITIONS = new Set(
  'at for in during ended ending through to since from until over within'.split(' '),
);

/** Units a figure can be 'per' ('$0.1450 per unit', '4% a year'). */
const PER_UNIT = /^\s*(?:per|a|an|each)\s+(\p{L}+)/iu;
const PER_UNIT_BEFORE = /\bper\s+(\p{L}+)\s*$/iu;

/** Commitments (docs/decisions/027): what a sentence promises, withholds or only expects. */
type Polarity = 'firm' | 'negative' | 'hedged';
const FIRM = new Set(
  'will shall guarantee guarantees guaranteed commit commits committed undertake undertakes promise promises promised always certainly definitely'.split(
    ' ',
  ),
);
const HEDGED = new Set(
  'may might could should expect expects expected anticipate anticipates anticipated aim aims intend intends intended hope hopes plan plans planned likely unlikely'.split(
    ' ',
  ),
);
const NEGATED = new Set(["won't", 'won’t', "can't", 'can’t', 'cannot', "shan't", 'shan’t', 'never']);
const NOT = new Set(['not', 'no', 'never']);
const COMMITMENT_WORDS = new Set([...FIRM, ...HEDGED, ...NEGATED, ...NOT].map(stemOf));

/** A figure or date about the same thing is stated for the same investor-independent fact only. */
const PERSONAL = /\b(?:you|your|yours|yourself)\b/i;

type Word = { start: number; end: number; text: string };

function wordsIn(text: string, from: number, to: number): Word[] {
  const words: Word[] = [];
  const pattern = /\p{L}[\p{L}\p{N}'’]*/gu;
  pattern.lastIndex = from;
  for (let match = pattern.exec(text); match && match.index < to; match = pattern.exec(text)) {
    words.push({ start: match.index, end: match.index + match[0].length, text: match[0].toLowerCase() });
  }
  return words;
}

/** Words that say how much, not of what: never what a figure is about. */
const GENERIC = new Set(['total', 'amount', 'figure', 'level'].map(stemOf));

/**
 * The stems of the content words in [from, to) (claim-text's content words, once each, in order),
 * without period words, generic words and `exclude`.
 */
function topicStemsIn(
  text: string,
  from: number,
  to: number,
  exclude: ReadonlySet<string> = new Set(),
): string[] {
  const stems: string[] = [];
  for (const word of contentWordsOf(text.slice(from, to))) {
    const stem = stemOf(word);
    if (PERIOD_STEMS.has(stem) || GENERIC.has(stem) || exclude.has(stem) || stems.includes(stem)) continue;
    stems.push(stem);
  }
  return stems;
}

/** What a text states: its figures and its commitments, each with what it is about. */
type Statement = {
  start: number;
  end: number;
  term: string;
  sentence: Sentence;
  /** The sentence's period labels, sorted and joined; null when one is relative ('last quarter'). */
  period: string | null;
  /** The sentence's topic words. */
  topic: Set<string>;
};

type FigureStatement = Statement & {
  /** The share classes or series its sentence names ('cl:a' for 'Class A' or 'A EUR Dist'). */
  classes: Set<string>;
  kind: Figure['kind'];
  /** The currency of an amount, and what the figure is 'per' (unit, share, year). */
  unit: string;
  /** The words that name what it is about, and the first of them (the clause's subject, mostly). */
  head: Set<string>;
  lead: string;
  needs: string[];
  gives: Set<string>;
};

type CommitmentStatement = Statement & { polarity: Polarity };

type Read = { text: string; figures: FigureStatement[]; commitments: CommitmentStatement[] };

/** The spans of a reply that state nothing about the fund: greeting, closing onwards, markers, contacts. */
function maskedReply(text: string): string {
  const excluded: Span[] = [...markerSpans(text), ...contactSpans(text)];
  const greeting = greetingOf(text);
  if (greeting) excluded.push(greeting);
  const closing = signOffsOf(text).at(-1);
  if (closing) excluded.push({ start: closing.line.start, end: text.length });
  return maskOf(text, excluded);
}

/** The keys of the figures an investor wrote: a reply may restate them without their being the fund's. */
function restatedKeysOf(question: string | undefined): Set<string> {
  const keys = new Set<string>();
  if (!question) return keys;
  for (const figure of figuresOf(maskOf(question, contactSpans(question)))) {
    if (figure.needs[0]) keys.add(figure.needs[0]);
  }
  return keys;
}

/** A date figure that names the period of its sentence rather than stating when something happens. */
function isPeriodDate(masked: string, figure: Figure, sentence: Sentence): boolean {
  const key = figure.needs[0] ?? '';
  // A year or a month alone ('2025', 'September 2025') is always a period.
  if (key.startsWith('y:') || key.startsWith('m:')) return true;
  const before = wordsIn(masked, sentence.start, figure.start).slice(-2);
  const last = before.at(-1)?.text;
  if (!last) return false;
  if (last === 'of') return before.at(-2)?.text === 'as';
  return LABEL_PREPOSITIONS.has(last);
}

/**
 * A sentence's period labels: quarters, halves, fiscal years, named months, inception, period dates.
 * `dates` are all its dates: a month inside one ('paid on 13 November 2025') belongs to that date,
 * which says when something happens, not what period the sentence is about.
 */
function periodOf(
  masked: string,
  sentence: Sentence,
  periodDates: readonly Figure[],
  dates: readonly Figure[] = periodDates,
): string | null {
  const text = masked.slice(sentence.start, sentence.end).toLowerCase();
  if (
    /\b(?:last|previous|prior|past|next|this|current|coming|upcoming)\s+(?:quarter|year|month|half|period|twelve\s+months|12\s+months)\b/.test(
      text,
    ) ||
    /\byear[\s-]to[\s-]date\b|\bytd\b/.test(text)
  ) {
    return null;
  }
  const labels = new Set<string>();
  for (const match of text.matchAll(/\bq([1-4])\b/g)) labels.add(`q${match[1]}`);
  const ordinals: Record<string, string> = { first: '1', second: '2', third: '3', fourth: '4' };
  for (const match of text.matchAll(/\b(first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+(quarter|half)\b/g)) {
    const n = ordinals[match[1] as string] ?? (match[1] as string).charAt(0);
    labels.add(`${match[2] === 'half' ? 'h' : 'q'}${n}`);
  }
  for (const match of text.matchAll(/\bh([12])\b/g)) labels.add(`h${match[1]}`);
  for (const match of text.matchAll(/\bfy\s?'?(\d{4}|\d{2})\b/g)) {
    const year = match[1] as string;
    labels.add(`fy${year.length === 2 ? `20${year}` : year}`);
  }
  if (/\bsince\s+inception\b/.test(text)) labels.add('inception');
  // Month names outside any date ('the September distribution').
  const inDate = (at: number) => dates.some((f) => at >= f.start && at < f.end);
  for (const word of wordsIn(masked, sentence.start, sentence.end)) {
    const month = MONTH_NUMBERS[word.text];
    if (month && !inDate(word.start)) labels.add(`month:${month}`);
  }
  for (const figure of periodDates) if (figure.needs[0]) labels.add(figure.needs[0]);
  return [...labels].sort().join(' ');
}

/** Where the words that name a figure end before it: the sentence start, a clause mark or the figure before. */
function clauseStartBefore(masked: string, from: number, at: number): number {
  for (let i = at - 1; i >= from; i -= 1) if (';:()—'.includes(masked.charAt(i))) return i + 1;
  return from;
}

function clauseEndAfter(masked: string, at: number, to: number): number {
  for (let i = at; i < to; i += 1) if (';:()—'.includes(masked.charAt(i))) return i;
  return to;
}

/**
 * What a figure counts or is 'per': the word a number counts ('12 properties'), else 'per' something
 * after it ('$0.1450 per unit') or just before it ('NAV per unit of $10.42').
 */
function unitOf(masked: string, figure: Figure, clauseStart: number): { unit: string; end: number } {
  const counted = figure.kind === 'number' ? /(\p{L}+)$/u.exec(masked.slice(figure.start, figure.end)) : null;
  if (counted?.[1]) return { unit: stemOf(counted[1].toLowerCase()), end: figure.end };
  const after = PER_UNIT.exec(masked.slice(figure.end, figure.end + 40));
  if (after?.[1]) return { unit: stemOf(after[1].toLowerCase()), end: figure.end + after[0].length };
  const before = PER_UNIT_BEFORE.exec(
    masked.slice(clauseStart, figure.start).replace(/\s+(?:of|was|is|at|were|are|stood at)\s*$/i, ' '),
  );
  return { unit: before?.[1] ? stemOf(before[1].toLowerCase()) : '', end: figure.end };
}

/** The claims of a text (figures and dates that state something), by the sentence holding them. */
function figuresBySentence(masked: string, sentences: readonly Sentence[]): Map<Sentence, Figure[]> {
  const bySentence = new Map<Sentence, Figure[]>();
  for (const figure of figuresOf(masked)) {
    if (!figure.isClaim) continue;
    const sentence = sentenceHolding(sentences, figure.start);
    if (!sentence) continue;
    const list = bySentence.get(sentence) ?? [];
    list.push(figure);
    bySentence.set(sentence, list);
  }
  return bySentence;
}

function periodDatesOf(masked: string, sentence: Sentence, figures: readonly Figure[]): Figure[] {
  return figures.filter((f) => f.kind === 'date' && isPeriodDate(masked, f, sentence));
}

function sentencePeriodOf(
  masked: string,
  sentence: Sentence,
  bySentence: ReadonlyMap<Sentence, Figure[]>,
): string | null {
  const inSentence = bySentence.get(sentence) ?? [];
  return periodOf(
    masked,
    sentence,
    periodDatesOf(masked, sentence, inSentence),
    inSentence.filter((f) => f.kind === 'date'),
  );
}

/**
 * A class, series or tranche named by a capital letter ('Class A', 'Series B', 'A EUR Dist', 'C GBP
 * Hedged Dist') or by the word before 'Series' ('the Levered Series'): classes of one fund have
 * their own fees, NAVs and distributions, which legitimately differ.
 */
const CLASS_NAME =
  /\b(?:[Cc]lass|[Ss]eries|[Tt]ranche|[Tt]ier)\s+([A-Z])\b|(?<![\p{L}\p{N}])([A-Z])\s+(?:EUR|USD|GBP|CHF|JPY|SEK|NOK)\b|\b(\p{L}+)\s+[Ss]eries\b/gu;

function classesIn(masked: string, span: Span | undefined, into = new Set<string>()): Set<string> {
  if (!span) return into;
  for (const m of masked.slice(span.start, span.end).matchAll(CLASS_NAME)) {
    const name = (m[1] ?? m[2] ?? m[3] ?? '').toLowerCase();
    if (name && name !== 'the' && name !== 'this' && name !== 'each') into.add(`cl:${name}`);
  }
  return into;
}

/** Words that open a sentence going on about the one before ('It is due on…', 'This is paid…'). */
const BACK_REFERENCES = new Set(['it', 'this', 'that', 'they', 'these', 'those']);

/**
 * The sentence each sentence that opens with a back-reference goes on from: the one before it in
 * the same paragraph. 'The Q3 distribution is $0.1450 per unit. It will be paid on 14 November.'
 * says when the Q3 distribution is paid, so the second sentence is read with the first's topic and
 * period.
 */
function antecedentsOf(masked: string, sentences: readonly Sentence[]): Map<Sentence, Sentence> {
  const antecedents = new Map<Sentence, Sentence>();
  for (const [i, sentence] of sentences.entries()) {
    const before = sentences[i - 1];
    const first = wordsIn(masked, sentence.start, sentence.end)[0];
    if (!before || !first || !BACK_REFERENCES.has(first.text)) continue;
    if (/\n\s*\n/.test(masked.slice(before.end, sentence.start))) continue;
    antecedents.set(sentence, before);
  }
  return antecedents;
}

/** A sentence's period: its own, else (naming none) that of the sentence it goes on from. */
function contextPeriodOf(
  masked: string,
  sentence: Sentence,
  bySentence: ReadonlyMap<Sentence, Figure[]>,
  antecedent: Sentence | undefined,
): string | null {
  const own = sentencePeriodOf(masked, sentence, bySentence);
  return own === '' && antecedent ? sentencePeriodOf(masked, antecedent, bySentence) : own;
}

function figureStatements(
  text: string,
  masked: string,
  bySentence: ReadonlyMap<Sentence, Figure[]>,
  restated: ReadonlySet<string>,
  antecedents: ReadonlyMap<Sentence, Sentence>,
): FigureStatement[] {
  const statements: FigureStatement[] = [];
  // The words without the figures ('billion', 'per cent' say how much, not of what).
  const withoutFigures = maskOf(masked, [...bySentence.values()].flat());
  for (const [sentence, inSentence] of bySentence) {
    const periodDates = periodDatesOf(masked, sentence, inSentence);
    const antecedent = antecedents.get(sentence);
    const period = contextPeriodOf(masked, sentence, bySentence, antecedent);
    // A relative period ('last quarter') or the investor's own position ('your units'): nothing to compare.
    if (period === null || PERSONAL.test(masked.slice(sentence.start, sentence.end))) continue;
    const topic = new Set(topicStemsIn(withoutFigures, sentence.start, sentence.end));
    const classes = classesIn(masked, sentence);
    if (classes.size === 0) classesIn(masked, antecedent, classes);
    if (antecedent)
      for (const stem of topicStemsIn(withoutFigures, antecedent.start, antecedent.end)) topic.add(stem);
    let boundary = sentence.start;
    for (const [i, figure] of inSentence.entries()) {
      const clauseStart = clauseStartBefore(masked, boundary, figure.start);
      const { unit, end: unitEnd } = unitOf(masked, figure, clauseStart);
      const next = inSentence[i + 1]?.start ?? sentence.end;
      // A period date is part of the words naming the next figure ('the NAV at 31 October 2025 was
      // $1,656.24'), so the naming words run on past it.
      if (periodDates.includes(figure)) continue;
      boundary = Math.max(unitEnd, figure.end);
      if (restated.has(figure.needs[0] ?? '')) continue;
      const unitStems = new Set(unit ? [unit] : []);
      let head = topicStemsIn(masked, clauseStart, figure.start, unitStems).slice(-HEAD_WORDS);
      if (head.length === 0) {
        const end = clauseEndAfter(masked, boundary, next);
        head = topicStemsIn(masked, boundary, end, unitStems).slice(0, HEAD_WORDS);
      }
      const [lead] = head;
      if (lead === undefined) continue;
      const currency = figure.kind === 'amount' ? ((figure.needs[0] ?? '').split(':')[1] ?? '') : '';
      statements.push({
        start: figure.start,
        end: figure.end,
        term: text.slice(figure.start, figure.end),
        sentence,
        period,
        topic,
        kind: figure.kind,
        classes,
        unit: `${currency}/${unit}`,
        head: new Set(head),
        lead,
        needs: figure.needs,
        gives: new Set(figure.gives),
      });
    }
  }
  return statements;
}

/** The commitment a sentence makes: firm ('will'), withheld ('will not', 'never') or only expected ('may'). */
function polarityOf(words: readonly Word[]): { polarity: Polarity; word: Word } | null {
  let firm: Word | null = null;
  let hedged: Word | null = null;
  for (const [i, word] of words.entries()) {
    if (NEGATED.has(word.text)) return { polarity: 'negative', word };
    const isFirm = FIRM.has(word.text);
    if ((isFirm || HEDGED.has(word.text)) && words.slice(i + 1, i + 3).some((w) => NOT.has(w.text))) {
      return { polarity: 'negative', word };
    }
    if (isFirm) firm ??= word;
    else if (HEDGED.has(word.text)) hedged ??= word;
  }
  if (firm) return { polarity: 'firm', word: firm };
  return hedged ? { polarity: 'hedged', word: hedged } : null;
}

function commitmentStatements(
  text: string,
  masked: string,
  sentences: readonly Sentence[],
  bySentence: ReadonlyMap<Sentence, Figure[]>,
  antecedents: ReadonlyMap<Sentence, Sentence>,
): CommitmentStatement[] {
  const statements: CommitmentStatement[] = [];
  for (const sentence of sentences) {
    const words = wordsIn(masked, sentence.start, sentence.end);
    const found = polarityOf(words);
    if (!found) continue;
    const antecedent = antecedents.get(sentence);
    const topic = new Set(topicStemsIn(masked, sentence.start, sentence.end, COMMITMENT_WORDS));
    if (antecedent) {
      for (const stem of topicStemsIn(masked, antecedent.start, antecedent.end, COMMITMENT_WORDS)) {
        topic.add(stem);
      }
    }
    statements.push({
      start: found.word.start,
      end: found.word.end,
      term: text.slice(found.word.start, found.word.end),
      sentence,
      period: contextPeriodOf(masked, sentence, bySentence, antecedent),
      topic,
      polarity: found.polarity,
    });
  }
  return statements;
}

function readText(text: string, question: string | undefined): Read {
  const masked = maskedReply(text);
  const sentences = sentencesOf(text);
  const bySentence = figuresBySentence(masked, sentences);
  const antecedents = antecedentsOf(masked, sentences);
  return {
    text,
    figures: figureStatements(text, masked, bySentence, restatedKeysOf(question), antecedents),
    commitments: commitmentStatements(text, masked, sentences, bySentence, antecedents),
  };
}

function sharedCount(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared;
}

/** Both sentences are about the same topic, for the same (not relative) period. */
function isSameTopic(a: Statement, b: Statement): boolean {
  if (a.period === null || b.period === null || a.period !== b.period) return false;
  const smaller = Math.min(a.topic.size, b.topic.size);
  return smaller > 0 && sharedCount(a.topic, b.topic) / smaller >= TOPIC_OVERLAP_MIN;
}

/**
 * The same kind of figure in the same unit, named alike (one's first naming word is among the
 * other's: 'occupancy of the park' and 'the park's loan-to-value' are not alike), in sentences about
 * the same topic and period, and of the same class where both name one ('Class A' and 'Class B'
 * differ; a sentence naming none may mean any).
 */
function isSameThing(a: FigureStatement, b: FigureStatement): boolean {
  const otherClass = a.classes.size > 0 && b.classes.size > 0 && sharedCount(a.classes, b.classes) === 0;
  return (
    !otherClass &&
    a.kind === b.kind &&
    a.unit === b.unit &&
    (b.head.has(a.lead) || a.head.has(b.lead)) &&
    isSameTopic(a, b)
  );
}

/** The same value, whatever the writing: '$1.42bn' and '$1.42 billion', '15 October' and '15 October 2025'. */
function isSameValue(a: FigureStatement, b: FigureStatement): boolean {
  return a.needs.some((key) => b.gives.has(key)) || b.needs.some((key) => a.gives.has(key));
}

function sentenceText(read: Read, statement: Statement): string {
  return read.text.slice(statement.sentence.start, statement.sentence.end).replace(/\s+/g, ' ').trim();
}

/**
 * The draft's figures and commitments that differ from the earliest-listed earlier reply stating
 * the same thing (the replies come most similar first, so the closest answer decides); in text order.
 */
export function findInconsistencies(input: {
  text: string;
  /** The message the draft answers. */
  question?: string;
  earlier: readonly EarlierReply[];
}): Inconsistency[] {
  const draft = readText(input.text, input.question);
  if (draft.figures.length === 0 && draft.commitments.length === 0) return [];
  const earlier = input.earlier.map((reply) => ({ reply, read: readText(reply.text, reply.question) }));
  const found: Inconsistency[] = [];
  const toFinding = (
    kind: Inconsistency['kind'],
    statement: Statement,
    reply: EarlierReply,
    read: Read,
    other: Statement,
  ): Inconsistency => ({
    kind,
    start: statement.start,
    end: statement.end,
    term: statement.term,
    sentence: { start: statement.sentence.start, end: statement.sentence.end },
    earlier: { id: reply.id, term: other.term, sentence: sentenceText(read, other) },
  });

  for (const figure of draft.figures) {
    for (const { reply, read } of earlier) {
      const same = read.figures.filter((other) => isSameThing(figure, other));
      if (same.length === 0) continue;
      const [first] = same;
      if (first && !same.some((other) => isSameValue(figure, other))) {
        found.push(toFinding('figure', figure, reply, read, first));
      }
      break;
    }
  }
  for (const commitment of draft.commitments) {
    if (found.some((f) => f.sentence.start === commitment.sentence.start)) continue;
    for (const { reply, read } of earlier) {
      const same = read.commitments.filter(
        (other) =>
          isSameTopic(commitment, other) &&
          sharedCount(commitment.topic, other.topic) >= COMMITMENT_SHARED_MIN,
      );
      if (same.length === 0) continue;
      const [first] = same;
      if (first && !same.some((other) => other.polarity === commitment.polarity)) {
        found.push(toFinding('commitment', commitment, reply, read, first));
      }
      break;
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
