import { sha256Hex } from '../../lib/crypto';
import {
  type AnswerSentence,
  afterLeadIn,
  answerSentences,
  documentTitle,
  proseOf,
} from './answer-sentences';
import {
  citationOf,
  closing,
  type Drafter,
  type DraftPassage,
  type DraftRequest,
  greeting,
  passageList,
} from './drafter';
import {
  contentWords,
  isPersonal,
  type QuestionItem,
  questionItems,
  questionParts,
  questionTerms,
  specifiersOf,
  stem,
} from './question-parts';

/** Said plainly when the fund documents do not answer the question. */
export const NO_ANSWER_SENTENCE =
  "I don't have that information in the fund documents available to me; I will follow up with you shortly.";

/** Said for each question the documents do not answer when others are answered. */
export function openPartSentence(ordinal: string): string {
  return `The fund documents available to me do not cover your ${ordinal} question; I will follow up with you on it.`;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];

/**
 * docs/drafting-eval.md: the share of a question's weight (its words present in the fund, each
 * weighted by how rare it is there) the answering sentence must hold, and the least share a further
 * sentence must add.
 */
const MIN_COVERAGE = 0.5;
const MIN_ADDED_COVERAGE = 0.2;
const SENTENCES_PER_QUESTION = 3;
/**
 * A question word the fund never uses weighs this share of the mean present word: enough that a
 * question about something the documents never name is not answered by its one common word, little
 * enough that an investor's own phrasing does not sink an answer.
 */
const ABSENT_WORD_SHARE = 0.2;
/** The words around an item ('For the Q3 payout: (1) the value date…') weigh this share of its own. */
const CONTEXT_SHARE = 0.5;

/** `terms` holds the words of the sentence and its heading; `ownTerms` the sentence's alone. */
type Candidate = {
  passage: DraftPassage;
  sentence: AnswerSentence;
  terms: Set<string>;
  ownTerms: Set<string>;
};

const termsOf = (text: string) => new Set(contentWords(text).map(stem));

/** How many of the fund's passages hold each word: from the request, else from its passages. */
function documentFrequency(request: DraftRequest): { passages: number; of: (term: string) => number } {
  const byStem = new Map<string, number>();
  if (request.fundTerms) {
    for (const [word, count] of Object.entries(request.fundTerms.frequency)) {
      const s = stem(word);
      byStem.set(s, Math.max(byStem.get(s) ?? 0, count));
    }
    return { passages: request.fundTerms.passages, of: (t) => byStem.get(t) ?? 0 };
  }
  for (const p of request.passages) for (const t of termsOf(p.text)) byStem.set(t, (byStem.get(t) ?? 0) + 1);
  return { passages: request.passages.length, of: (t) => byStem.get(t) ?? 0 };
}

/** Kinds of specifier: a sentence naming a quarter other than the one asked answers another question. */
function kindOf(specifier: string): string {
  if (/^q[1-4]$/.test(specifier)) return 'quarter';
  if (/^\d{4}$/.test(specifier)) return 'year';
  if (specifier.startsWith('class-')) return 'class';
  if (/^(?:usd|eur|gbp|chf|jpy)$/.test(specifier)) return 'currency';
  if (specifier === 'hedged') return 'hedged';
  const designator = /^(fund|call|notice)-/.exec(specifier);
  if (designator) return designator[1] ?? 'fund';
  return 'month';
}

const DESIGNATORS = ['fund', 'call', 'notice'];

/** The sentence names another value of a kind the question pins (Q3 for a Q4 question). */
function conflicts(asked: Set<string>, named: Set<string>): boolean {
  for (const kind of new Set([...asked].map(kindOf))) {
    if (kind === 'hedged') continue;
    const ask = [...asked].filter((s) => kindOf(s) === kind);
    const has = [...named].filter((s) => kindOf(s) === kind);
    if (has.length > 0 && !has.some((s) => ask.includes(s))) return true;
  }
  return false;
}

const QUARTER_OF_MONTH: Record<string, string> = { march: 'q1', june: 'q2', september: 'q3', december: 'q4' };

/** What a passage names, and the quarters its quarter-end months imply ('30 September' is Q3). */
function impliedSpecifiers(text: string): Set<string> {
  const named = specifiersOf(text);
  for (const s of [...named]) if (QUARTER_OF_MONTH[s]) named.add(QUARTER_OF_MONTH[s]);
  return named;
}

const QUARTER_ENDS: Record<string, string> = {
  '31 march': 'q1',
  '30 june': 'q2',
  '30 september': 'q3',
  '31 december': 'q4',
};

/** What a sentence names, with the quarter a quarter-end date closes ('30 June 2025' is Q2). */
function namedPeriods(text: string): Set<string> {
  const named = specifiersOf(text);
  for (const m of text.toLowerCase().matchAll(/\b(3[01] (?:march|june|september|december))\b/g)) {
    const quarter = QUARTER_ENDS[m[1] ?? ''];
    if (quarter) named.add(quarter);
  }
  return named;
}

type Answer = { candidates: Candidate[] };

const DATE =
  /\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{1,2}\b|\b\d{4}-\d\d-\d\d\b|\b(?:19|20)\d\d\b/i;
const DURATION =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|thirty|sixty|ninety)\s+(?:\w+\s+)?(?:days?|weeks?|months?|years?|hours?)\b|\b\d{1,2}(?::\d\d)?\s*(?:a\.m\.|p\.m\.|am|pm|noon)|\bnoon\b/i;
const FIGURE = /\d/;
const NAME = /\b[A-Z][a-z]+(?:\s+[A-Z][a-zø-ÿ'.-]*)+/u;

/**
 * What kind of words answer a question: a date for 'when', a figure for 'how much', a name for 'who'.
 * A sentence without them is a weaker answer; a question of a strict kind is not answered at all by
 * one (a 'when' answered without a date is a near miss) (docs/drafting-eval.md).
 */
function answerKind(question: string): { words: RegExp; strict: boolean } | null {
  const q = question.toLowerCase();
  if (
    /\bhow (?:long|soon|quickly)\b|\bhow many (?:days|weeks|months|years)\b|\bnotice\b|\bcut-?off\b|\blatest time\b/.test(
      q,
    )
  )
    return { words: new RegExp(`${DURATION.source}|${DATE.source}`, 'i'), strict: true };
  if (/\bwhen\b|\bdates?\b|\bwhat day\b|\bdeadline\b/.test(q)) return { words: DATE, strict: true };
  if (
    /\bhow (?:much|many|big|large|levered|leveraged)\b|\bwhat (?:is|was|are|were) the (?:rate|amount|size|level|figure|percentage)|\b(?:rate|percentage|per cent|fee|fees|cost|costs|charge|charges|price|nav|value|worth|return|returns|yield|irr|tvpi|dpi|multiple|exposure|duration|figure|number|amount|total)\b/.test(
      q,
    )
  )
    return { words: FIGURE, strict: false };
  if (
    /^(?:\W*(?:and|also|please|could you (?:tell me|confirm)|can you (?:tell me|confirm))\s+)?who\b|\bwho (?:is|are|was|were|heads|leads|runs|manages|chairs|sits)\b/.test(
      q,
    )
  )
    return { words: NAME, strict: true };
  return null;
}

/** A sentence of the right kind counts fully; one without the words that would answer, this share. */
const WRONG_KIND_SHARE = 0.6;

/**
 * The sentences that answer one question: the best covering one, then those that add what it leaves
 * open; none when the best holds under MIN_COVERAGE of the question's weight, names another period
 * or class than asked, or its passage does not name what the question pins.
 */
function answerOf(
  item: QuestionItem,
  pinned: Set<string>,
  candidates: Candidate[],
  weightOf: (term: string) => number,
): Answer | null {
  const question = `${item.context} ${item.text}`.trim();
  if (isPersonal(question)) return null;
  // A term (a word, the document words for it, or an investor's phrase for a fund concept) weighs
  // what its rarest stem present in the fund weighs, and gives a sentence what the rarest of its stems
  // that sentence holds weighs; one the fund never names counts against the answer
  // (ABSENT_WORD_SHARE) but can never be held.
  const own = questionTerms(item.text);
  const ownStems = new Set(own.flatMap((t) => t.stems));
  const around = questionTerms(item.context).filter((t) => !t.stems.some((s) => ownStems.has(s)));
  const all = [
    ...own.map((t) => ({ ...t, share: 1 })),
    ...around.map((t) => ({ ...t, share: CONTEXT_SHARE })),
  ].map((t) => ({ ...t, weight: t.share * Math.max(0, ...t.stems.map(weightOf)) }));
  const terms = all.filter((t) => t.weight > 0);
  if (terms.length === 0) return null;
  // A concept or acronym the fund never names is what the question is about: it weighs in full.
  const absent = all
    .filter((t) => t.weight === 0)
    .reduce((sum, t) => sum + t.share * (t.named ? 1 : ABSENT_WORD_SHARE), 0);
  const mean = terms.reduce((sum, t) => sum + t.weight / t.share, 0) / terms.length;
  const total = terms.reduce((sum, t) => sum + t.weight, 0) + absent * mean;
  const asked = new Set([...specifiersOf(question), ...pinned]);
  const kind = answerKind(item.text);
  const usable = candidates.filter((c) => {
    if (conflicts(asked, namedPeriods(`${c.sentence.text} ${c.sentence.heading ?? ''}`))) return false;
    const where = impliedSpecifiers(`${c.passage.text} ${c.passage.docPath.replace(/[-_]/g, ' ')}`);
    // A passage need not name the fund it belongs to, but must not be about another fund or call.
    const designators = new Set([...asked].filter((s) => DESIGNATORS.includes(kindOf(s))));
    return [...asked].every((s) => designators.has(s) || where.has(s)) && !conflicts(designators, where);
  });
  const credit = (c: Candidate, t: (typeof terms)[number]) =>
    t.share * Math.max(0, ...t.stems.filter((s) => c.terms.has(s)).map(weightOf));
  const chosen: Candidate[] = [];
  const held = new Map<(typeof terms)[number], number>();
  const minimumMatches = Math.min(2, all.length);
  while (chosen.length < SENTENCES_PER_QUESTION) {
    let best: { c: Candidate; gain: number; own: number } | null = null;
    for (const c of usable) {
      if (chosen.includes(c)) continue;
      const matched = terms.filter((t) => credit(c, t) > 0);
      if (chosen.length === 0 && matched.length < minimumMatches) continue;
      const fresh = matched.reduce((sum, t) => sum + Math.max(0, credit(c, t) - (held.get(t) ?? 0)), 0);
      const fits = !kind || kind.words.test(c.sentence.text);
      if (chosen.length === 0 && !fits && kind?.strict) continue;
      const gain = (fresh / total) * (fits ? 1 : WRONG_KIND_SHARE);
      // On a tie, the sentence that says more of it itself, not through its heading.
      const own = matched.reduce((n, t) => n + t.stems.filter((s) => c.ownTerms.has(s)).length, 0);
      if (!best || gain > best.gain || (gain === best.gain && own > best.own)) best = { c, gain, own };
    }
    if (!best || best.gain < (chosen.length === 0 ? MIN_COVERAGE : MIN_ADDED_COVERAGE)) break;
    chosen.push(best.c);
    for (const t of terms) held.set(t, Math.max(held.get(t) ?? 0, credit(best.c, t)));
  }
  return chosen.length ? { candidates: chosen } : null;
}

/** 'According to our fact sheet, the management fee is 0.85% per year [1].' per document quoted. */
function paragraphOf(answer: Answer, numberOf: (passage: DraftPassage) => number): string {
  const byDocument = new Map<string, Candidate[]>();
  for (const c of answer.candidates) {
    const key = c.passage.docPath.replace(/#.*$/, '');
    byDocument.set(key, [...(byDocument.get(key) ?? []), c]);
  }
  const inPassageOrder = (list: Candidate[]) =>
    [...list].sort((a, b) => (a.passage === b.passage ? a.sentence.index - b.sentence.index : 0));
  return [...byDocument.entries()]
    .map(([docPath, list]) => {
      const sentences = inPassageOrder(list).map((c) => {
        const prose = proseOf(c.sentence);
        return `${prose.replace(/[.!?]$/, '')} [${numberOf(c.passage)}]${prose.match(/[.!?]$/)?.[0] ?? '.'}`;
      });
      const [first = '', ...rest] = sentences;
      return [`According to our ${documentTitle(docPath)}, ${afterLeadIn(first)}`, ...rest].join(' ');
    })
    .join(' ');
}

/**
 * The built-in drafter: offline and deterministic. For each question of the message it quotes the
 * sentences of the fund's passages that answer it — weighing the question's words by how rare they
 * are in the fund, refusing sentences about another period or class than asked — as prose with their
 * citations; a question the documents do not answer is named as open, and a message none of whose
 * questions they answer gets a plain follow-up. It never copies the investor's words into the reply
 * (only their name, on one line), so instructions hidden in a message cannot steer it.
 */
export function createBuiltInDrafter(): Drafter {
  return {
    name: 'built-in',
    async draft(request) {
      const { message } = request;
      const frequency = documentFrequency(request);
      const weightOf = (term: string) => {
        const df = frequency.of(term);
        return df > 0 ? Math.log(1 + frequency.passages / df) : 0;
      };
      const candidates: Candidate[] = request.passages.flatMap((passage) =>
        answerSentences(passage.text).map((sentence) => ({
          passage,
          sentence,
          terms: termsOf(`${sentence.text} ${sentence.heading ?? ''}`),
          ownTerms: termsOf(sentence.text),
        })),
      );
      // A class, currency or hedging named anywhere in the message pins every question of it.
      const pinned = new Set(
        [...specifiersOf(`${message.subject} ${message.body}`)].filter((s) =>
          ['class', 'currency', 'hedged', ...DESIGNATORS].includes(kindOf(s)),
        ),
      );
      // The subject names what the message is about: context for each of its questions, less the
      // words another question asks about ('Q3 distribution date': 'date' is the other question's).
      const items = questionParts(message.subject, message.body).flatMap(questionItems);
      const parts = items.map((item) => {
        const others = new Set(
          items.filter((i) => i !== item).flatMap((i) => contentWords(i.text).map(stem)),
        );
        const subject = contentWords(message.subject).filter((w) => !others.has(stem(w)));
        return { ...item, context: `${subject.join(' ')} ${item.context}`.trim() };
      });
      const answers = parts.map((part) => answerOf(part, pinned, candidates, weightOf));

      const cited: DraftPassage[] = [];
      const numberOf = (passage: DraftPassage) => {
        if (!cited.includes(passage)) cited.push(passage);
        return cited.indexOf(passage) + 1;
      };
      const lines = [greeting(request), ''];
      if (answers.every((a) => a === null)) {
        lines.push(NO_ANSWER_SENTENCE);
      } else {
        // A sentence that answers two items is written once, with the first.
        const written = new Set<Candidate>();
        answers.forEach((answer, index) => {
          if (!answer) {
            lines.push(openPartSentence(ORDINALS[index] ?? `${index + 1}th`), '');
            return;
          }
          const fresh = answer.candidates.filter((c) => !written.has(c));
          if (fresh.length === 0) return;
          for (const c of fresh) written.add(c);
          lines.push(paragraphOf({ candidates: fresh }, numberOf), '');
        });
        lines.pop();
      }
      lines.push('', closing(request));
      return {
        text: lines.join('\n'),
        citations: cited.map(citationOf),
        provenance: {
          drafter: 'built-in',
          model: null,
          prompt_hash: sha256Hex(JSON.stringify(request)),
          passages: passageList(request.passages),
          tone: request.tone,
          reading_level: request.readingLevel,
        },
      };
    },
  };
}
