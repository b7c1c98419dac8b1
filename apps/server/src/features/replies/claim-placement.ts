import { type Figure, figuresOf } from './claim-figures';
import { contactSpans, eachContentWord, maskOf, type Span, sentencesOf, stemOf } from './claim-text';

/**
 * Where a figure sits in a passage (docs/decisions/026-claim-check.md, 'The figure's own place'): a
 * value the cited passage holds can still be the wrong one — the table's other class, the 30 June
 * figure in a sentence about 30 September, the Class B notice period beside Class A's. Each figure of
 * a passage gets the words of its own place (a table cell: its row's label and its column's header; in
 * prose: its clause or 'Label: value' line), and a draft's figure is placed elsewhere when another value
 * of the same kind in the cited passages sits among words that fit the draft's sentence better.
 */

/** A figure of a passage and the words of its place. */
export type PlacedFigure = {
  figure: Figure;
  /** The stems of the content words of its place: what it is about. */
  words: Set<string>;
  /**
   * What singles its place out among places about the same thing: class letters ('cl:a'), its
   * table column's header words, the other dates of its place ('m:2025-06'), '@prior' for an earlier value.
   */
  qualifiers: Set<string>;
  /** The place as written (a clause, or a table row from its label to the cell), for a suggestion. */
  place: Span;
  measure: Measure;
};

/** What a figure is compared by: its kind, currency or unit, and its size (for 'similar magnitude'). */
type Measure = { family: string; size: number | null };

const PRIOR = '@prior';
/** A value that changed is reported as 'to $11.84 from $11.62': the figure after these is the earlier one. */
const PRIOR_BEFORE = new Set(['from', 'versus', 'vs', 'against', 'previously']);
/** '… compared with 94.6%', '… compared to 94.6%'. */
const COMPARED = /\bcompared\s+(?:with|to)\s*[+(]?\s*$/i;

/** A class, series or tranche named by one capital letter: 'Class A', 'Series B', 'A EUR Dist'. */
const CLASS_LETTER =
  /\b(?:[Cc]lass|[Ss]eries|[Ss]hares?|[Tt]ranche|[Tt]ier|[Uu]nits?)\s+([A-Z])\b|(?<![\p{L}\p{N}])([A-Z])\s+(?:[A-Z]{3})\b/gu;

/**
 * A clause ends at these within a sentence; so does a 'Label: value' line where the indexer joined the
 * next one to it ('Record date: 31 October 2025 Payment date: 14 November 2025').
 */
const CLAUSE_END =
  /;|\s[-–•|]\s(?=\p{Lu})|(?<=[\d%)])\s(?=\p{Lu}[\p{L}\p{N}'’()-]*(?:\s(?:[\p{L}(]|\d+-\p{L})[\p{L}\p{N}'’()-]*){0,6}:\s)/gu;

/** Figures much larger or smaller than the claim are other quantities (a fund's NAV beside a unit's). */
const MAGNITUDE_RATIO = 10;

function wordsOf(text: string, into: Set<string>): Set<string> {
  eachContentWord(text, (word) => into.add(stemOf(word)));
  return into;
}

function addClassLetters(text: string, into: Set<string>) {
  CLASS_LETTER.lastIndex = 0;
  for (let m = CLASS_LETTER.exec(text); m; m = CLASS_LETTER.exec(text)) {
    into.add(`cl:${(m[1] ?? m[2] ?? '').toLowerCase()}`);
  }
}

/** The months and days of the dates in a place, other than the figure itself. */
function addDates(into: Set<string>, figures: readonly Figure[], except: Figure | null) {
  for (const f of figures) {
    if (f === except || f.kind !== 'date') continue;
    for (const key of f.gives) if (key.startsWith('d:') || key.startsWith('m:')) into.add(key);
  }
}

function isPrior(text: string, figure: Figure): boolean {
  const before = text.slice(Math.max(0, figure.start - 40), figure.start);
  if (COMPARED.test(before)) return true;
  const word = /(\p{L}+)\W{0,3}$/u.exec(before)?.[1]?.toLowerCase();
  return word !== undefined && PRIOR_BEFORE.has(word);
}

/** '$' 1.42e9 → 1.42e9; a date has no size. */
function sizeOf(key: string): number | null {
  const value = /([0-9]+)e(-?[0-9]+)$/.exec(key);
  return value ? Number(value[1]) * 10 ** Number(value[2]) : null;
}

function measureOf(text: string, figure: Figure): Measure {
  const key = figure.needs[0] ?? '';
  if (figure.kind === 'date') return { family: key.slice(0, key.indexOf(':')), size: null };
  if (figure.kind === 'amount') return { family: key.slice(0, key.lastIndexOf(':')), size: sizeOf(key) };
  if (figure.kind === 'number') {
    // A count is compared with counts of the same thing ('45 days', '60 days').
    const unit = /(\p{L}+)$/u.exec(text.slice(figure.start, figure.end))?.[1]?.toLowerCase() ?? '';
    return { family: `n:${stemOf(unit)}`, size: sizeOf(key) };
  }
  return { family: figure.kind, size: sizeOf(key) };
}

function isComparable(a: Measure, b: Measure): boolean {
  if (a.family !== b.family) return false;
  if (a.size === null || b.size === null || a.size === 0 || b.size === 0) return a.size === b.size;
  const ratio = Math.abs(a.size / b.size);
  return ratio <= MAGNITUDE_RATIO && ratio >= 1 / MAGNITUDE_RATIO;
}

// ---------------------------------------------------------------------------------------------
// Tables written as text: '| | Levered | Unlevered | |---|---|---| | NAV per Unit | $20.14 | $19.87 |'

type Cell = Span & { row: number; column: number };
type Table = { cells: Cell[]; header: Span[]; rows: Span[][] };

const SEPARATOR = /\|(?:\s*:?-{3,}:?\s*\|)+/g;

/** The tables of a text (one line each after indexing, or one row a line), by their separator row. */
function tablesOf(text: string): Table[] {
  const tables: Table[] = [];
  SEPARATOR.lastIndex = 0;
  for (let m = SEPARATOR.exec(text); m; m = SEPARATOR.exec(text)) {
    const columns = (m[0].match(/-{3,}/g) ?? []).length;
    const pipesBefore: number[] = [];
    for (let i = m.index - 1; i >= 0 && pipesBefore.length <= columns; i -= 1) {
      const c = text.charAt(i);
      if (c === '|') pipesBefore.unshift(i);
      else if (c === '\n' && text.charAt(i - 1) === '\n') break;
    }
    if (pipesBefore.length < columns + 1) continue;
    const header: Span[] = [];
    for (let k = 0; k < columns; k += 1) {
      header.push({ start: (pipesBefore[k] as number) + 1, end: pipesBefore[k + 1] as number });
    }
    const rows: Span[][] = [];
    const cells: Cell[] = [];
    let at = m.index + m[0].length;
    for (;;) {
      const open = /^\s*\|/.exec(text.slice(at, at + 8));
      if (!open || text.slice(at, at + open[0].length).includes('\n\n')) break;
      let pipe = at + open[0].length - 1;
      const row: Span[] = [];
      for (let k = 0; k < columns; k += 1) {
        const next = text.indexOf('|', pipe + 1);
        const newline = text.indexOf('\n', pipe + 1);
        if (next === -1 || (newline !== -1 && newline < next)) break;
        row.push({ start: pipe + 1, end: next });
        pipe = next;
      }
      if (row.length < columns) break;
      for (const [column, cell] of row.entries()) cells.push({ ...cell, row: rows.length, column });
      rows.push(row);
      at = pipe + 1;
    }
    if (rows.length > 0) tables.push({ cells, header, rows });
    SEPARATOR.lastIndex = Math.max(SEPARATOR.lastIndex, at);
  }
  return tables;
}

// ---------------------------------------------------------------------------------------------
// Places

/** A clause, and whether it goes on from the one before after a ';' (and so names what that one named). */
type Clause = Span & { goesOn: boolean };

/**
 * The clauses of a text: its sentences, cut again at ';', flattened bullets and 'Label:' lines; with
 * `keepSemicolons`, only at bullets and labels (what a quotation may be cut to).
 */
export function clausesOf(text: string, keepSemicolons = false): Clause[] {
  const clauses: Clause[] = [];
  for (const sentence of sentencesOf(text)) {
    let from = sentence.start;
    let goesOn = false;
    const slice = text.slice(sentence.start, sentence.end);
    CLAUSE_END.lastIndex = 0;
    for (let m = CLAUSE_END.exec(slice); m; m = CLAUSE_END.exec(slice)) {
      if (keepSemicolons && m[0] === ';') continue;
      const at = sentence.start + m.index;
      if (at > from) clauses.push({ start: from, end: at, goesOn });
      from = at + m[0].length;
      goesOn = m[0] === ';';
      if (m[0] === '') CLAUSE_END.lastIndex += 1;
    }
    if (sentence.end > from) clauses.push({ start: from, end: sentence.end, goesOn });
  }
  return clauses
    .map((c) => {
      const raw = text.slice(c.start, c.end);
      const lead = raw.length - raw.trimStart().length;
      return { start: c.start + lead, end: c.start + lead + raw.trim().length, goesOn: c.goesOn };
    })
    .filter((c) => c.end > c.start);
}

/** Every claim figure of a passage with the words of its place. */
export function placedFiguresOf(passage: string): PlacedFigure[] {
  const masked = maskOf(passage, contactSpans(passage));
  const figures = figuresOf(masked).filter((f) => f.isClaim);
  if (figures.length === 0) return [];
  const placed: PlacedFigure[] = [];
  const inTable = new Set<Figure>();
  for (const table of tablesOf(masked)) {
    for (const cell of table.cells) {
      const own = figures.filter((f) => f.start >= cell.start && f.end <= cell.end);
      if (own.length === 0) continue;
      const row = table.rows[cell.row] as Span[];
      const label = row[0] as Span;
      const header = table.header[cell.column];
      for (const figure of own) {
        inTable.add(figure);
        const words = new Set<string>();
        const qualifiers = new Set<string>();
        const spans = cell.column === 0 ? row : [label, cell];
        for (const span of spans) {
          wordsOf(masked.slice(span.start, span.end), words);
          addClassLetters(masked.slice(span.start, span.end), qualifiers);
        }
        if (header) {
          wordsOf(masked.slice(header.start, header.end), qualifiers);
          addClassLetters(masked.slice(header.start, header.end), qualifiers);
          addDates(qualifiers, figuresOf(masked.slice(header.start, header.end)), null);
        }
        const rowFigures = figures.filter((f) => spans.some((s) => f.start >= s.start && f.end <= s.end));
        addDates(qualifiers, rowFigures, figure);
        placed.push({
          figure,
          words,
          qualifiers,
          place: { start: label.start, end: cell.end },
          measure: measureOf(masked, figure),
        });
      }
    }
  }
  let letters = new Set<string>();
  for (const clause of clausesOf(masked)) {
    // 'Class B Interests: +0.81% for October; +6.09% year to date': the class holds to the sentence's end.
    const named = new Set<string>();
    addClassLetters(masked.slice(clause.start, clause.end), named);
    if (named.size > 0 || !clause.goesOn) letters = named;
    const own = figures.filter((f) => !inTable.has(f) && f.start >= clause.start && f.start < clause.end);
    for (const figure of own) {
      const local = localSpan(own, figure, clause);
      const words = wordsOf(masked.slice(local.start, local.end), new Set());
      const qualifiers = new Set<string>();
      addClassLetters(masked.slice(local.start, local.end), qualifiers);
      if (qualifiers.size === 0) for (const letter of letters) qualifiers.add(letter);
      addDates(
        qualifiers,
        own.filter((f) => f.start >= local.start && f.end <= local.end),
        figure,
      );
      if (isPrior(masked, figure)) qualifiers.add(PRIOR);
      placed.push({ figure, words, qualifiers, place: clause, measure: measureOf(masked, figure) });
    }
  }
  return placed;
}

/**
 * The words of a figure's own part of its clause: from the figure before it to the figure after it,
 * dates aside ('the record date was 2 October 2025' keeps its date; 'a management fee of 0.85% and a
 * performance fee of 10%' gives each fee its own words).
 */
function localSpan(figures: readonly Figure[], figure: Figure, within: Span): Span {
  const amounts = figures.filter((f) => f.kind !== 'date' || f === figure);
  const before = amounts.filter((f) => f.end <= figure.start && f.start >= within.start).at(-1);
  const after = amounts.find((f) => f.start >= figure.end && f.end <= within.end);
  return { start: before?.end ?? within.start, end: after?.start ?? within.end };
}

/**
 * The words a draft's sentence gives one of its figures, as a passage's place gives them: the words
 * of its own part of the sentence (localSpan), the sentence's class letters and other dates, and
 * '@prior' for an earlier value ('up from $11.62').
 */
export function draftWordsOf(
  text: string,
  sentence: Span,
  figure: Figure,
  sentenceFigures: readonly Figure[],
): Set<string> {
  const local = localSpan(sentenceFigures, figure, sentence);
  const words = wordsOf(text.slice(local.start, local.end), new Set());
  addDates(words, sentenceFigures, figure);
  if (isPrior(text, figure)) words.add(PRIOR);
  addClassLetters(text.slice(sentence.start, sentence.end), words);
  return words;
}

/** The draft's words a place shares: what it is about. */
function topicFit(placed: PlacedFigure, draft: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of placed.words) if (draft.has(word)) shared += 1;
  return shared;
}

/**
 * The draft's qualifiers a place shares, less those it names that the draft does not: a class or a
 * column either way; another date or an earlier value only against (a draft need not name the period).
 */
function qualifierFit(placed: PlacedFigure, draft: ReadonlySet<string>, namesClass: boolean): number {
  let fit = 0;
  for (const word of placed.qualifiers) {
    // A class counts when the draft names one: 'the distribution yield was 4.3%' may mean any.
    if (word.startsWith('cl:') && !namesClass) continue;
    if (!draft.has(word)) fit -= 1;
    else if (!(word === PRIOR || word.startsWith('d:') || word.startsWith('m:'))) fit += 1;
  }
  return fit;
}

/**
 * When the draft's figure is in the cited passages but another value of its kind sits in a place
 * about the same thing (as many of the draft's words) that its qualifiers fit better — the draft's
 * class, column, date or not an earlier value — than every place of the figure's own: that other
 * figure; else null. Words alone never decide: a place that merely shares more words is another topic.
 */
export function placedElsewhere(
  draftFigure: Figure,
  draftText: string,
  wordsOfDraft: () => ReadonlySet<string>,
  candidates: readonly PlacedFigure[],
): PlacedFigure | null {
  const isOwn = (placed: PlacedFigure) => draftFigure.needs.some((key) => placed.figure.gives.includes(key));
  const measure = measureOf(draftText, draftFigure);
  // The draft's words are read only when another value of the kind is there to compare.
  if (!candidates.some((placed) => !isOwn(placed) && isComparable(measure, placed.measure))) return null;
  const own = candidates.filter(isOwn);
  if (own.length === 0) return null;
  const draftWords = wordsOfDraft();
  const ownTopic = Math.max(...own.map((placed) => topicFit(placed, draftWords)));
  const namesClass = [...draftWords].some((word) => word.startsWith('cl:'));
  const ownQualifiers = Math.max(...own.map((placed) => qualifierFit(placed, draftWords, namesClass)));
  let best: PlacedFigure | null = null;
  let bestFit = ownQualifiers;
  for (const placed of candidates) {
    if (isOwn(placed)) continue;
    if (!isComparable(measure, placed.measure) || topicFit(placed, draftWords) < ownTopic) continue;
    const fit = qualifierFit(placed, draftWords, namesClass);
    if (fit > bestFit) {
      best = placed;
      bestFit = fit;
    }
  }
  return best;
}
