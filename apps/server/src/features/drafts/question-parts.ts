import { phraseConcepts } from './fund-phrases';
import { STOP_WORDS } from './stop-words';

// How the built-in drafter reads an investor's message (docs/drafting-eval.md): the questions it asks,
// the content words of each, and the words that pin a question to one period, class or currency.

/** Words of an e-mail that carry no subject of their own, beside the stop words. */
const CHATTER = new Set(
  (
    'able advise appreciate asap assist back clarify confirm could couple curious day dear details explain ' +
    'find forward give glad great happy hear help hope info information inform item items keen kindly look ' +
    'looking mail mention message morning need note possible provide question questions quick ' +
    'quickly reach regard remind reminder reply respond send sent share soon sorry team tell thank thanks time today ' +
    'thing things three two understand update whether wish wonder wondering write writing yes'
  ).split(' '),
);

/** A crude stem: the first five letters, after a plural 's'. The drafter's and retrieval's own. */
export function stem(word: string): string {
  return (word.length > 4 ? word.replace(/s$/, '') : word).slice(0, 5);
}

export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:\.[0-9]+)?/g) ?? [];
}

/** The words of a text that may say what it is about: no stop words, no e-mail chatter. */
export function contentWords(text: string): string[] {
  return wordsOf(text).filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !CHATTER.has(w));
}

const QUARTERS: Record<string, string> = { first: 'q1', second: 'q2', third: 'q3', fourth: 'q4' };
/** The months as documents write them ('30 September 2025'). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS = MONTH_NAMES.map((m) => m.toLowerCase());
const CURRENCIES: Record<string, string> = {
  usd: 'usd',
  dollar: 'usd',
  dollars: 'usd',
  eur: 'eur',
  euro: 'eur',
  euros: 'eur',
  gbp: 'gbp',
  sterling: 'gbp',
  pound: 'gbp',
  pounds: 'gbp',
  chf: 'chf',
  jpy: 'jpy',
  yen: 'jpy',
};

/**
 * The words of a text that pin it to one period, currency or share class, in a canonical form:
 * 'q4' for 'fourth quarter' and 'Q4', 'usd' for 'dollar', '2024', 'march', 'class-b', 'hedged'.
 * A passage answers a question only if it names the same ones.
 */
export function specifiersOf(text: string): Set<string> {
  const lower = text.toLowerCase();
  const found = new Set<string>();
  for (const m of lower.matchAll(/\bq([1-4])\b/g)) found.add(`q${m[1]}`);
  for (const m of lower.matchAll(/\b(first|second|third|fourth)[\s-]+quarter\b/g))
    found.add(QUARTERS[m[1] ?? ''] ?? '');
  for (const m of lower.matchAll(/\b(?:fy|h[12]\s*)?((?:19|20)\d\d)\b/g)) found.add(m[1] ?? '');
  for (const m of lower.matchAll(/\b([a-z]+)\b/g)) {
    const word = m[1] ?? '';
    if (MONTHS.includes(word) && word !== 'may') found.add(word);
    if (CURRENCIES[word]) found.add(CURRENCIES[word]);
  }
  for (const m of lower.matchAll(/\bclass\s+([a-z0-9]{1,3})\b/g)) found.add(`class-${m[1]}`);
  // 'Fund III', 'Call No. 9', 'Notice 12': a numbered fund, call or notice is another document's.
  for (const m of lower.matchAll(
    /\b(fund|call|notice)\s+(?:no\.?\s*|number\s+|#\s*)?(\d{1,3}|[ivx]{1,5})\b/g,
  ))
    found.add(`${m[1]}-${m[2]}`);
  if (/\bhedged\b/.test(lower)) found.add('hedged');
  found.delete('');
  return found;
}

/** Whether `text` names a specifier, in any of the forms specifiersOf reads. */
export function namesSpecifier(text: string, specifier: string): boolean {
  return specifiersOf(text).has(specifier) || (/^\d{4}$/.test(specifier) && text.includes(specifier));
}

/**
 * Asks about the investor's own account rather than the fund: their statement, holding, tax form,
 * fee report, login. The fund documents never answer those.
 */
const PERSONAL =
  /\b(?:my|our)\s+(?:own\s+|latest\s+|last\s+|annual\s+|quarterly\s+|current\s+|personal\s+|individual\s+|specific\s+)*(?:statements?|account(?! of)|holdings?|position|balance|portfolio statement|contract notes?|confirmations?|certificates?|k-?1s?|tax (?:forms?|vouchers?|certificates?|statements?|packs?)|fee (?:reports?|statements?)|login|password|bank details|capital account|units? held|shares? held|cost basis|subscription (?:documents?|forms?)|transfer|redemption request|payment)\b/i;

export function isPersonal(text: string): boolean {
  return PERSONAL.test(text);
}

const ASKING =
  /^(?:what|when|where|which|who|whom|whose|why|how|is|are|was|were|do|does|did|can|could|would|will|should|has|have|had|please|kindly|pls|i'?d like|i would like|i need|we need|let me know|tell me|confirm|advise|explain|send|share|provide|any (?:update|news|info))\b/i;

const NEEDING =
  /\b(?:need|needs|needed|require|requires|confirm|let me (?:have|know)|send|looking for|interested in|would like|'d like|wish to know|asking)\b/i;

/**
 * The questions of a message: its sentences that end with '?' or ask (What…, Could you…, Please…,
 * let me know…). A message that asks nothing in that form is one question, its subject and body.
 */
export function questionParts(subject: string, body: string): string[] {
  const sentences = body
    .replace(/\r\n?/g, '\n')
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const asks = sentences.filter(
    (s) =>
      s.endsWith('?') ||
      ASKING.test(s.replace(/^(?:and|also|secondly|finally|lastly|plus|[-*•\d.)]+)\s*,?\s*/i, '')),
  );
  const parts = asks.filter((s) => contentWords(s).length > 0);
  if (parts.length > 0) return parts;
  // Nothing in question form ('My accountant needs the value at quarter end.'): the sentences that
  // say what is needed, else the subject.
  const needs = sentences.filter((s) => NEEDING.test(s) && contentWords(s).length > 0);
  return needs.length > 0 ? needs : [subject];
}

/**
 * Investors' words for what fund documents call otherwise: a question's word also matches these
 * (docs/drafting-eval.md). Keyed and valued by stem.
 */
const LAY_TERMS: Record<string, string[]> = {
  charge: ['fee', 'cost', 'expense'],
  cost: ['fee', 'charge', 'expense'],
  take: ['fee'],
  payout: ['distribution', 'dividend', 'paid', 'payable'],
  pay: ['distribution', 'paid', 'payable', 'payment'],
  paid: ['distribution', 'payable', 'payment'],
  income: ['distribution', 'dividend', 'yield'],
  dividend: ['distribution'],
  distribution: ['dividend'],
  yearly: ['annual'],
  annual: ['yearly'],
  together: ['meeting'],
  withdraw: ['redemption', 'redeem'],
  withdrawal: ['redemption', 'redeem'],
  cash: ['redemption', 'distribution'],
  sell: ['redemption', 'redeem', 'sold', 'sale'],
  sold: ['sale', 'sell'],
  exit: ['redemption', 'sale', 'exit'],
  worth: ['nav', 'value', 'valuation'],
  price: ['nav', 'value'],
  value: ['nav', 'valuation'],
  valued: ['valuation', 'value'],
  return: ['performance', 'returned'],
  performance: ['return', 'returned'],
  made: ['return', 'returned'],
  earn: ['return', 'income', 'yield'],
  head: ['led', 'lead', 'chief', 'manager'],
  run: ['led', 'lead', 'manager', 'managed'],
  boss: ['led', 'chief', 'manager'],
  green: ['sustainability', 'esg', 'sfdr', 'environmental'],
  sustainable: ['sustainability', 'esg', 'sfdr'],
  borrowing: ['leverage', 'debt', 'loan'],
  borrow: ['leverage', 'debt', 'loan'],
  debt: ['leverage', 'loan'],
  drawdown: ['call', 'capital'],
  contribution: ['call', 'capital'],
  holding: ['portfolio', 'position', 'asset'],
  company: ['portfolio', 'holding'],
  team: ['professional', 'staff', 'team'],
  staff: ['team', 'professional', 'employee'],
  people: ['team', 'professional', 'staff'],
  minimum: ['minimum', 'least'],
  start: ['inception', 'launch'],
  began: ['inception', 'launch'],
  launch: ['inception'],
  inception: ['launch'],
  auditor: ['audit'],
  audit: ['auditor'],
  custody: ['custodian', 'depositary'],
  custodian: ['depositary', 'custody'],
  bank: ['depositary', 'custodian'],
};

const LAY_STEMS = new Map(
  Object.entries(LAY_TERMS).map(([word, also]) => [stem(word), [...new Set(also.map(stem))]]),
);

/** A text's content words and the words fund documents use for them: what retrieval looks for. */
export function expandedWords(text: string): string[] {
  const words = new Set<string>();
  for (const word of contentWords(text)) {
    words.add(word);
    for (const also of LAY_TERMS[word] ?? LAY_TERMS[word.replace(/s$/, '')] ?? []) words.add(also);
  }
  for (const word of phraseConcepts(text).concepts.flat().flatMap(wordsOf)) words.add(word);
  return [...words];
}

/**
 * A question's term: a content word's stem with the stems of the words fund documents use for it, or
 * the document words for a concept an investor names in their own phrase. `named` marks a concept or
 * an acronym ('UBTI', 'GRESB'): what the question is about, whose absence from the fund says the
 * documents do not cover it (docs/drafting-eval.md).
 */
export type QuestionTerm = { stems: string[]; named: boolean };

/** A question's terms; a term is held by a text that holds any of its stems. */
export function questionTerms(text: string): QuestionTerm[] {
  const terms: QuestionTerm[] = [];
  const seen = new Set<string>();
  const { concepts, rest } = phraseConcepts(text);
  const conceptStems = new Set<string>();
  for (const words of concepts) {
    const stems = [...new Set(words.flatMap((w) => wordsOf(w)).map(stem))];
    if (stems.every((s) => conceptStems.has(s))) continue;
    for (const s of stems) conceptStems.add(s);
    terms.push({ stems, named: true });
  }
  // The investor's own words count beside the concepts that share them.
  const acronyms = new Set((rest.match(/\b[A-Z][A-Z0-9]{1,7}\b/g) ?? []).map((a) => a.toLowerCase()));
  for (const word of contentWords(rest)) {
    const s = stem(word);
    if (seen.has(s)) continue;
    seen.add(s);
    terms.push({ stems: [s, ...(LAY_STEMS.get(s) ?? []).filter((x) => x !== s)], named: acronyms.has(word) });
  }
  return terms;
}

/** One thing a question asks, and the words around it that say what it is about. */
export type QuestionItem = { text: string; context: string };

/** '(1) … (2) …', '(a) … (b) …', '(i) … (ii) …', '1) … 2) …': an investor's own numbering. */
const ENUMERATOR = /(?:^|\s)\(?(?:[1-9]|[a-h]|i{1,3}|iv|v|vi{1,3})\)\s+/g;

/** ', and when…', '; and how…': a second question joined to the first. */
const JOINED_QUESTION =
  /[,;]\s+(?:and\s+|also\s+|plus\s+)?(?:roughly\s+|approximately\s+|then\s+|separately\s+)?(?=(?:what|when|where|which|who|how|whether|is|are|was|were|do|does|did|can|could|will|would|has|have)\b)/i;

/**
 * Why the investor asks, not what: ', so I can reconcile…', ' before Friday's cut-off', 'for our
 * board pack'. Cut from the end of an item so its words do not weigh on what answers it.
 */
const PURPOSE =
  /(?:,\s*|\s+)(?:so (?:that )?(?:i|we|they|he|she|our|my)\b|in order to\b|because\b|as (?:i|we|our|my)\b|since (?:i|we)\b|before (?:our|my|the|friday|monday|tuesday|wednesday|thursday|next|we|i)\b|ahead of\b|for (?:our|my|their|his|her) (?:records?|files?|board|committee|ic|report|model|forecast|review|pack|client|clients|budget|cash)\b).*$/i;

export function withoutPurpose(text: string): string {
  const trimmed = text.replace(PURPOSE, '').trim();
  return contentWords(trimmed).length > 0 ? trimmed : text;
}

/**
 * The items of one question: each enumerated item with the words before the numbering as its
 * context, or each of its joined questions with the one before as context; else the question itself.
 */
export function questionItems(question: string): QuestionItem[] {
  const marks = [...question.matchAll(ENUMERATOR)];
  if (marks.length >= 2) {
    const lead = question.slice(0, marks[0]?.index ?? 0);
    return marks
      .map((m, i) => {
        const start = (m.index ?? 0) + m[0].length;
        const end = marks[i + 1]?.index ?? question.length;
        return question.slice(start, end).replace(/[\s,;]*(?:and|or)?[\s,;]*$/i, '');
      })
      .filter((text) => contentWords(text).length > 0)
      .map((text) => ({ text: withoutPurpose(text), context: withoutPurpose(lead) }));
  }
  const pieces = question.split(JOINED_QUESTION).filter((text) => contentWords(text).length > 0);
  // 'With rates falling, what…' is one question: only a piece that asks starts a question.
  if (pieces.length > 1 && ASKING.test(pieces[0]?.trim() ?? '')) {
    return pieces.map((text, i) => ({
      text: withoutPurpose(text),
      context: i === 0 ? '' : withoutPurpose(pieces[i - 1] ?? ''),
    }));
  }
  // 'the payment date and the per-unit amount of the Q3 distribution': two things asked; what
  // follows the second ('of the Q3 distribution') is the first's context too.
  const things = withoutPurpose(question).split(/\s+and\s+(?=the\s)/i);
  const [first, second] = things;
  if (things.length === 2 && first && second && contentWords(first).length && contentWords(second).length) {
    return [
      { text: first, context: second },
      { text: second, context: '' },
    ];
  }
  return [{ text: withoutPurpose(question), context: '' }];
}
