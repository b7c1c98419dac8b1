/**
 * The figures and dates of a text with their normalised values (docs/decisions/026-claim-check.md):
 * '$1.42bn' = 'USD 1.42 billion', '0.85 per cent' = '0.85%', '4.90%' = '4.9%', '30 September 2025' =
 * 'September 30, 2025' = '30/09/2025'. One pass over the text's digits, without regular expressions,
 * because a check reads every cited passage (up to a thousand) each time.
 */

/** What a figure is: `nearest` wants a passage with a figure of the same kind. */
export type FigureKind = 'amount' | 'percent' | 'multiple' | 'number' | 'date';

export type Figure = {
  start: number;
  end: number;
  kind: FigureKind;
  /**
   * What supports it: a source giving any of these keys. The first is the figure as it is (its kind,
   * currency and value); an amount, percentage or multiple may also be a bare number in a table whose
   * header carries the unit ('b:').
   */
  needs: string[];
  /** What it supplies when it is in a source. */
  gives: string[];
  /**
   * False for what is not a fact about the fund even though it is a number: a reference ('page 4',
   * 'Class 2'), a small number of things in the letter itself ('your 2 questions'), a bare integer.
   */
  isClaim: boolean;
};

const CURRENCY_SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
/** '$' with a country prefix: 'US$', 'A$', 'HK$'. */
const DOLLAR_PREFIXES: Record<string, string> = {
  US: 'USD',
  A: 'AUD',
  C: 'CAD',
  HK: 'HKD',
  S: 'SGD',
  NZ: 'NZD',
};
const CURRENCY_CODES = new Set([
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'AUD',
  'CAD',
  'HKD',
  'SGD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
]);
const CURRENCY_WORDS: Record<string, string> = {
  dollar: 'USD',
  dollars: 'USD',
  euro: 'EUR',
  euros: 'EUR',
  pound: 'GBP',
  pounds: 'GBP',
  sterling: 'GBP',
  yen: 'JPY',
  franc: 'CHF',
  francs: 'CHF',
};

/** Powers of ten of the scale words; a lone letter only right after the number ('$5m'). */
const SCALE_WORDS: Record<string, number> = {
  thousand: 3,
  million: 6,
  mn: 6,
  mln: 6,
  billion: 9,
  bn: 9,
  trillion: 12,
  tn: 12,
};
const SCALE_LETTERS: Record<string, number> = { k: 3, m: 6, b: 9 };

const MONTH_NAMES: Record<string, number> = {};
for (const [i, names] of [
  'jan january',
  'feb february',
  'mar march',
  'apr april',
  'may',
  'jun june',
  'jul july',
  'aug august',
  'sep sept september',
  'oct october',
  'nov november',
  'dec december',
].entries()) {
  for (const name of names.split(' ')) MONTH_NAMES[name] = i + 1;
}

/** Words that can follow a number without being what it counts. */
const NOT_UNITS = new Set(
  (
    'a an the and or nor of to in on at for by from with as is are was were be been being will would ' +
    'may might can could should shall must has have had do does did this that these those it its we ' +
    'you i he she they our your their his her which who whom what when where if than then so but not ' +
    'no also only about approximately around roughly up down over under above below into onto via vs ' +
    'versus plus minus more less after before since until till between through during against within ' +
    'am pm each all both either'
  ).split(' '),
);

/** What a one-digit number usually counts in a reply, not a fact about the fund ('your 2 questions'). */
const ENUMERATED = new Set(
  (
    'question questions point points thing things item items way ways reason reasons step steps option ' +
    'options attachment attachments document documents message messages email emails call calls topic ' +
    'topics part parts comment comments'
  ).split(' '),
);

/** A number right after one of these names a thing ('page 4', 'Class 2 units'), it states no fact. */
const REFERENCE_WORDS = new Set(
  (
    'page pages p pp section sect article art clause paragraph para item note class part schedule ' +
    'appendix annex exhibit chapter no nos number question point step line table figure fig tier level ' +
    'option series phase room suite floor account ref reference code id version v box'
  ).split(' '),
);

// ---------------------------------------------------------------------------------------------
// Characters

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isDigitAt(text: string, i: number): boolean {
  return isDigitCode(text.charCodeAt(i));
}

const LETTER = /\p{L}/u;

function isLetterAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (Number.isNaN(c)) return false;
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return LETTER.test(text.charAt(i));
}

function isSpaceAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === 32 || c === 9 || c === 160 || c === 8239 || c === 8201;
}

/** A thousands separator: comma, apostrophe, thin or no-break space. */
function isGroupSeparator(c: number): boolean {
  return c === 44 || c === 39 || c === 8217 || c === 8239 || c === 8201 || c === 160;
}

/** The word (letters) starting at i, as [its end, its lower-cased text]. */
function wordAt(text: string, i: number): [number, string] {
  let j = i;
  while (isLetterAt(text, j)) j += 1;
  return [j, text.slice(i, j).toLowerCase()];
}

/** The word (letters) ending at i (exclusive), as [its start, its text]. */
function wordBefore(text: string, i: number): [number, string] {
  let j = i;
  while (j > 0 && isLetterAt(text, j - 1)) j -= 1;
  return [j, text.slice(j, i)];
}

/** Skips spaces from i (at most `max`), returning where they end. */
function skipSpaces(text: string, i: number, max = 3): number {
  let j = i;
  while (j - i < max && isSpaceAt(text, j)) j += 1;
  return j;
}

// ---------------------------------------------------------------------------------------------
// Values and keys

/** Digits and a power of ten, trailing zeros folded: '4.90' and '4.9' are one value, as are '$1.42bn' and '$1,420,000,000'. */
export function canonical(written: string, exponent: number): string {
  // By hand rather than with regular expressions: it runs for every number of every passage read.
  let first = 0;
  let last = written.length - 1;
  let dot = -1;
  for (let i = 0; i < written.length; i += 1) if (written.charCodeAt(i) === 46) dot = i;
  const fractionLength = dot === -1 ? 0 : written.length - dot - 1;
  while (first <= last && (written.charCodeAt(first) === 48 || first === dot)) first += 1;
  let power = exponent - fractionLength;
  while (last >= first && (written.charCodeAt(last) === 48 || last === dot)) {
    if (last !== dot) power += 1;
    last -= 1;
  }
  if (first > last) return '0';
  const digits =
    dot > first && dot < last
      ? written.slice(first, dot) + written.slice(dot + 1, last + 1)
      : written.slice(first, last + 1);
  return `${digits}e${power}`;
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function isDay(day: number, month: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/**
 * A date's keys. A full date gives its month, year and day-and-month too, so 'September 2025' or '14
 * November' is supported by a source that says '14 November 2025'; a claim needs its own precision.
 */
function dateKeys(year: number | null, month: number, day: number | null) {
  if (year !== null && day !== null) {
    const ymd = `${year}-${pad(month)}-${pad(day)}`;
    return {
      needs: [`d:${ymd}`],
      gives: [
        `d:${ymd}`,
        `m:${year}-${pad(month)}`,
        `y:${year}`,
        `dm:${pad(month)}-${pad(day)}`,
        `n:${canonical(String(year), 0)}`,
      ],
    };
  }
  if (day !== null) {
    const dm = `dm:${pad(month)}-${pad(day)}`;
    return { needs: [dm], gives: [dm] };
  }
  const ym = `m:${year}-${pad(month)}`;
  return { needs: [ym], gives: [ym, `y:${year}`, `n:${canonical(String(year), 0)}`] };
}

function dateFigure(
  start: number,
  end: number,
  year: number | null,
  month: number,
  day: number | null,
): Figure {
  return { start, end, kind: 'date', ...dateKeys(year, month, day), isClaim: true };
}

/** A four-digit year from 1900 to 2099 at [i, i + 4), standing alone. */
function yearAt(text: string, i: number): number | null {
  if (!(isDigitAt(text, i) && isDigitAt(text, i + 1) && isDigitAt(text, i + 2) && isDigitAt(text, i + 3)))
    return null;
  if (isDigitAt(text, i + 4) || isLetterAt(text, i + 4)) return null;
  const year = Number(text.slice(i, i + 4));
  return year >= 1900 && year <= 2099 ? year : null;
}

/** ', 2025' or ' 2025' after a day and month: [the year, where it ends], or null. */
function yearAfter(text: string, i: number): [number, number] | null {
  let j = i;
  if (text.charCodeAt(j) === 44) j += 1;
  const k = skipSpaces(text, j);
  if (k === j) return null;
  const year = yearAt(text, k);
  return year === null ? null : [year, k + 4];
}

/** After a day number: an ordinal suffix, spaces, 'of', a month ('14th of November'); [month, end]. */
function monthAfter(text: string, i: number): [number, number] | null {
  let j = i;
  const [suffixEnd, suffix] = wordAt(text, j);
  if (suffix === 'st' || suffix === 'nd' || suffix === 'rd' || suffix === 'th') j = suffixEnd;
  else if (suffix) return null;
  let k = skipSpaces(text, j);
  if (k === j) return null;
  let [wordEnd, word] = wordAt(text, k);
  if (word === 'of') {
    k = skipSpaces(text, wordEnd);
    [wordEnd, word] = wordAt(text, k);
  }
  const month = MONTH_NAMES[word];
  if (!month) return null;
  return [month, text.charCodeAt(wordEnd) === 46 && word.length <= 4 ? wordEnd + 1 : wordEnd];
}

/** A month just before a number ('September 30', 'Sept. 2025'): [month, where the month starts]. */
function monthBefore(text: string, i: number): [number, number] | null {
  let j = i;
  while (j > 0 && isSpaceAt(text, j - 1)) j -= 1;
  if (j === i) return null;
  if (text.charCodeAt(j - 1) === 44) j -= 1; // 'September, 2025'
  if (text.charCodeAt(j - 1) === 46) j -= 1; // 'Sept. 30'
  if (!isLetterAt(text, j - 1)) return null;
  const [start, word] = wordBefore(text, j);
  const month = MONTH_NAMES[word.toLowerCase()];
  if (!month || isDigitAt(text, start - 1)) return null;
  return [month, start];
}

/**
 * '30/09/2025', '30.09.2025', '30-09-25' and '2025-09-30' at i. Day or month first only where the
 * numbers say which (a number over 12, or both the same); '03/04/2025' matches only itself.
 */
function numericDateAt(text: string, i: number, intEnd: number): Figure | null {
  const first = text.slice(i, intEnd);
  const sep = text.charAt(intEnd);
  if (sep !== '/' && sep !== '.' && sep !== '-') return null;
  let j = intEnd + 1;
  const secondStart = j;
  while (isDigitAt(text, j) && j - secondStart < 3) j += 1;
  const second = text.slice(secondStart, j);
  if (!second || second.length > 2 || text.charAt(j) !== sep) return null;
  const thirdStart = j + 1;
  let k = thirdStart;
  while (isDigitAt(text, k) && k - thirdStart < 5) k += 1;
  const third = text.slice(thirdStart, k);
  if (isLetterAt(text, k) || ((text.charAt(k) === sep || text.charAt(k) === '.') && isDigitAt(text, k + 1)))
    return null;
  if (first.length === 4 && sep === '-' && second.length === 2 && third.length === 2) {
    const year = Number(first);
    const month = Number(second);
    const day = Number(third);
    return year >= 1900 && year <= 2099 && isDay(day, month) ? dateFigure(i, k, year, month, day) : null;
  }
  if (first.length > 2 || (third.length !== 2 && third.length !== 4)) return null;
  const year = third.length === 2 ? 2000 + Number(third) : Number(third);
  if (year < 1900 || year > 2099) return null;
  const a = Number(first);
  const b = Number(second);
  if (a === b || (a > 12 && b <= 12)) return isDay(a, b) ? dateFigure(i, k, year, b, a) : null;
  if (b > 12 && a <= 12) return isDay(b, a) ? dateFigure(i, k, year, a, b) : null;
  if (!isDay(a, 12) || !isDay(b, 12)) return null;
  const written = `ds:${a}/${b}/${year}`;
  return { start: i, end: k, kind: 'date', needs: [written], gives: [written, `y:${year}`], isClaim: true };
}

// ---------------------------------------------------------------------------------------------
// The scan

/** A currency written before the number at i: [currency, where it starts], or null. */
function currencyBefore(text: string, i: number): [string, number] | null {
  const c = text.charAt(i - 1);
  const symbol = CURRENCY_SYMBOLS[c];
  if (symbol) {
    if (c === '$') {
      const [start, prefix] = wordBefore(text, i - 1);
      const country = DOLLAR_PREFIXES[prefix];
      if (country && !isLetterAt(text, start - 1)) return [country, start];
    }
    return [symbol, i - 1];
  }
  const codeEnd = isSpaceAt(text, i - 1) ? i - 1 : i;
  const c3 = text.charCodeAt(codeEnd - 1);
  if (!(c3 >= 65 && c3 <= 90)) return null;
  const code = text.slice(codeEnd - 3, codeEnd);
  if (CURRENCY_CODES.has(code) && !isLetterAt(text, codeEnd - 4)) return [code, codeEnd - 3];
  return null;
}

/** Digits in identifiers and paths are no figures: 'Q3', 'LU0123', 'page=2', '/2025/', 'ISIN-12', '10:30'. */
function isInsideToken(text: string, i: number): boolean {
  const c = text.charAt(i - 1);
  if (c === '') return false;
  if (isLetterAt(text, i - 1) || '_=#/@.,:\\'.includes(c)) return true;
  return c === '-' && (isLetterAt(text, i - 2) || isDigitAt(text, i - 2));
}

/** The number at i: its plain digits ('1234.5') and where it ends. */
function numberAt(
  text: string,
  i: number,
): { value: string; end: number; intEnd: number; isGrouped: boolean } {
  let j = i;
  while (isDigitAt(text, j)) j += 1;
  const intEnd = j;
  let value = text.slice(i, j);
  let isGrouped = false;
  if (j - i <= 3) {
    while (
      isGroupSeparator(text.charCodeAt(j)) &&
      isDigitAt(text, j + 1) &&
      isDigitAt(text, j + 2) &&
      isDigitAt(text, j + 3) &&
      !isDigitAt(text, j + 4)
    ) {
      value += text.slice(j + 1, j + 4);
      j += 4;
      isGrouped = true;
    }
  }
  if (text.charCodeAt(j) === 46 && isDigitAt(text, j + 1)) {
    let k = j + 1;
    while (isDigitAt(text, k)) k += 1;
    value += `.${text.slice(j + 1, k)}`;
    j = k;
  } else if (!isGrouped && text.charCodeAt(j) === 44 && isDigitAt(text, j + 1)) {
    // A decimal comma, only before a percent sign or 'per cent' ('0,85%').
    let k = j + 1;
    while (isDigitAt(text, k)) k += 1;
    const after = skipSpaces(text, k, 1);
    if (k - j <= 3 && (text.charAt(after) === '%' || /^per\s?cent/i.test(text.slice(after, after + 8)))) {
      value += `.${text.slice(j + 1, k)}`;
      j = k;
    }
  }
  return { value, end: j, intEnd, isGrouped };
}

type Suffix = {
  kind: 'percent' | 'multiple' | 'scale' | 'currency' | 'unit' | 'none' | 'glued';
  end: number;
  exponent?: number;
  currency?: string;
  unit?: string;
};

/** What follows a number: a percent sign, 'x', a scale, a currency, the word it counts. */
function suffixAt(text: string, i: number, hasCurrency: boolean): Suffix {
  const gap = skipSpaces(text, i, 1);
  const attached = gap === i;
  const c = text.charAt(gap);
  if (c === '%') return { kind: 'percent', end: gap + 1, exponent: 0 };
  if (c === '×') return { kind: 'multiple', end: gap + 1 };
  if (c === '-' && attached && isLetterAt(text, i + 1)) {
    const [end, word] = wordAt(text, i + 1);
    return NOT_UNITS.has(word) ? { kind: 'none', end: i } : { kind: 'unit', end, unit: word };
  }
  if (!isLetterAt(text, gap)) return { kind: 'none', end: i };
  const [end, word] = wordAt(text, gap);
  if (word === 'percent' || word === 'pct' || word === 'pp') return { kind: 'percent', end, exponent: 0 };
  if (word === 'per') {
    const [cent, following] = wordAt(text, skipSpaces(text, end, 1));
    if (following === 'cent') return { kind: 'percent', end: cent, exponent: 0 };
    return following && !NOT_UNITS.has(following)
      ? { kind: 'unit', end: cent, unit: following }
      : { kind: 'none', end: i };
  }
  if (word === 'percentage' || word === 'basis') {
    const [pointsEnd, points] = wordAt(text, skipSpaces(text, end, 1));
    if (points === 'point' || points === 'points') {
      return { kind: 'percent', end: pointsEnd, exponent: word === 'basis' ? -2 : 0 };
    }
  }
  if (word === 'bps' || word === 'bp') return { kind: 'percent', end, exponent: -2 };
  if ((word === 'x' && attached) || word === 'times') return { kind: 'multiple', end };
  const scale =
    SCALE_WORDS[word] ?? (attached && (word !== 'b' || hasCurrency) ? SCALE_LETTERS[word] : undefined);
  if (scale !== undefined) return { kind: 'scale', end, exponent: scale };
  const code = text.slice(gap, end);
  const currency = CURRENCY_CODES.has(code) ? code : CURRENCY_WORDS[word];
  if (currency) return { kind: 'currency', end, currency };
  if (attached) return { kind: 'glued', end };
  return NOT_UNITS.has(word) ? { kind: 'none', end: i } : { kind: 'unit', end, unit: word };
}

/** A number right after a reference word ('page 4', 'Class 2', 'No. 5'). */
function isReference(text: string, i: number): boolean {
  let j = i;
  while (j > 0 && isSpaceAt(text, j - 1)) j -= 1;
  if (text.charCodeAt(j - 1) === 46) j -= 1;
  if (text.charAt(j - 1) === '#') return true;
  const [, word] = wordBefore(text, j);
  return REFERENCE_WORDS.has(word.toLowerCase());
}

function amountFigure(start: number, end: number, currency: string, v: string): Figure {
  return {
    start,
    end,
    kind: 'amount',
    needs: [`a:${currency}:${v}`, `b:${v}`],
    gives: [`a:${currency}:${v}`, `n:${v}`],
    isClaim: true,
  };
}

/** No figure at i: the scan goes on after the token the number is part of. */
function skipToken(text: string, i: number, end: number): { figure: null; next: number } {
  let j = end;
  while (isDigitAt(text, j) || isLetterAt(text, j)) j += 1;
  return { figure: null, next: Math.max(j, i + 1) };
}

/** The figure whose number starts at i, and where the scan goes on. */
function figureAt(text: string, i: number): { figure: Figure | null; next: number } {
  const number = numberAt(text, i);
  const numeric = number.isGrouped ? null : numericDateAt(text, i, number.intEnd);
  if (numeric) return { figure: numeric, next: numeric.end };
  const currency = currencyBefore(text, i);
  if (!currency && isInsideToken(text, i)) return skipToken(text, i, number.end);

  const digits = number.intEnd - i;
  if (!currency && !number.isGrouped && number.end === number.intEnd) {
    const value = Number(number.value);
    const before = monthBefore(text, i);
    if (before && digits === 4) {
      const year = yearAt(text, i);
      if (year !== null) return { figure: dateFigure(before[1], i + 4, year, before[0], null), next: i + 4 };
    }
    if (before && digits <= 2 && isDay(value, before[0])) {
      let end = number.end;
      const [suffixEnd, suffix] = wordAt(text, end);
      if (suffix === 'st' || suffix === 'nd' || suffix === 'rd' || suffix === 'th') end = suffixEnd;
      if (!isLetterAt(text, end)) {
        const year = yearAfter(text, end);
        return {
          figure: dateFigure(before[1], year ? year[1] : end, year ? year[0] : null, before[0], value),
          next: year ? year[1] : end,
        };
      }
    }
    const after = digits <= 2 ? monthAfter(text, number.end) : null;
    if (after && isDay(value, after[0])) {
      const year = yearAfter(text, after[1]);
      return {
        figure: dateFigure(i, year ? year[1] : after[1], year ? year[0] : null, after[0], value),
        next: year ? year[1] : after[1],
      };
    }
  }

  const suffix = suffixAt(text, number.end, currency !== null);
  if (suffix.kind === 'glued') return skipToken(text, i, suffix.end);
  const start = currency ? currency[1] : i;
  if (suffix.kind === 'percent' && !currency) {
    const v = canonical(number.value, suffix.exponent ?? 0);
    return {
      figure: {
        start,
        end: suffix.end,
        kind: 'percent',
        needs: [`p:${v}`, `b:${v}`],
        gives: [`p:${v}`],
        isClaim: true,
      },
      next: suffix.end,
    };
  }
  if (suffix.kind === 'multiple' && !currency) {
    const v = canonical(number.value, 0);
    return {
      figure: {
        start,
        end: suffix.end,
        kind: 'multiple',
        needs: [`x:${v}`, `b:${v}`],
        gives: [`x:${v}`],
        isClaim: true,
      },
      next: suffix.end,
    };
  }
  let end = number.end;
  let exponent = 0;
  let unitSuffix = suffix;
  if (suffix.kind === 'scale') {
    exponent = suffix.exponent ?? 0;
    end = suffix.end;
    unitSuffix = suffixAt(text, end, currency !== null);
  }
  const v = canonical(number.value, exponent);
  if (currency) return { figure: amountFigure(start, end, currency[0], v), next: end };
  if (unitSuffix.kind === 'currency' && unitSuffix.currency) {
    return { figure: amountFigure(start, unitSuffix.end, unitSuffix.currency, v), next: unitSuffix.end };
  }
  const unit = unitSuffix.kind === 'unit' ? unitSuffix.unit : undefined;
  const isInteger = exponent === 0 && !number.value.includes('.');
  const year = isInteger && !number.isGrouped && digits === 4 ? yearAt(text, i) : null;
  if (year !== null) {
    // 'the 2025 distribution' is a year and '2000 units' a count: before a word, either is supported.
    return {
      figure: {
        start,
        end,
        kind: 'date',
        needs: unit ? [`y:${year}`, `n:${v}`] : [`y:${year}`],
        gives: [`y:${year}`, `n:${v}`],
        isClaim: true,
      },
      next: end,
    };
  }
  const termEnd = unit ? unitSuffix.end : end;
  const isClaim =
    (!isInteger ||
      number.isGrouped ||
      digits >= 3 ||
      (unit !== undefined && !(digits === 1 && ENUMERATED.has(unit)))) &&
    !isReference(text, i);
  return {
    figure: { start, end: termEnd, kind: 'number', needs: [`n:${v}`], gives: [`n:${v}`, `b:${v}`], isClaim },
    next: end,
  };
}

/** Every figure and date of a text, in order. */
export function figuresOf(text: string): Figure[] {
  const figures: Figure[] = [];
  const length = text.length;
  for (let i = 0; i < length; i += 1) {
    if (!isDigitCode(text.charCodeAt(i))) continue;
    const { figure, next } = figureAt(text, i);
    if (figure) figures.push(figure);
    i = next - 1;
  }
  return figures.sort((a, b) => a.start - b.start);
}
