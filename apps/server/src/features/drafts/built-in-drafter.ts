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
import { contentWords, isPersonal, questionParts, questionTerms, specifiersOf, stem } from './question-parts';

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
 * weighted by how rare it is there) the answering sentences must hold, and the least share a further
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

type Candidate = { passage: DraftPassage; sentence: AnswerSentence; terms: Set<string> };

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
  return 'month';
}

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

type Answer = { candidates: Candidate[] };

/**
 * The sentences that answer one question: the best covering one, then those that add what it leaves
 * open; none when the best holds under MIN_COVERAGE of the question's weight, names another period
 * or class than asked, or its passage does not name what the question pins.
 */
function answerOf(
  question: string,
  pinned: Set<string>,
  candidates: Candidate[],
  weightOf: (term: string) => number,
): Answer | null {
  if (isPersonal(question)) return null;
  // A term weighs what its rarest stem present in the fund weighs; one the fund never names counts
  // against the answer (ABSENT_WORD_SHARE) but can never be held.
  const all = questionTerms(question).map((stems) => ({
    stems,
    weight: Math.max(0, ...stems.map(weightOf)),
  }));
  const terms = all.filter((t) => t.weight > 0);
  if (terms.length === 0) return null;
  const absent = all.length - terms.length;
  const mean = terms.reduce((sum, t) => sum + t.weight, 0) / terms.length;
  const total = terms.reduce((sum, t) => sum + t.weight, 0) + absent * mean * ABSENT_WORD_SHARE;
  const asked = new Set([...specifiersOf(question), ...pinned]);
  const usable = candidates.filter((c) => {
    if (conflicts(asked, specifiersOf(`${c.sentence.text} ${c.sentence.heading ?? ''}`))) return false;
    const where = impliedSpecifiers(`${c.passage.text} ${c.passage.docPath.replace(/[-_]/g, ' ')}`);
    return [...asked].every((s) => where.has(s));
  });
  const holds = (c: Candidate, t: (typeof terms)[number]) => t.stems.some((s) => c.terms.has(s));
  const chosen: Candidate[] = [];
  const held = new Set<(typeof terms)[number]>();
  const minimumMatches = Math.min(2, all.length);
  while (chosen.length < SENTENCES_PER_QUESTION) {
    let best: { c: Candidate; gain: number } | null = null;
    for (const c of usable) {
      if (chosen.includes(c)) continue;
      const matched = terms.filter((t) => holds(c, t));
      if (chosen.length === 0 && matched.length < minimumMatches) continue;
      const fresh = matched.filter((t) => !held.has(t)).reduce((sum, t) => sum + t.weight, 0);
      // A figure makes a sentence a little likelier to be the answer.
      const gain = (fresh / total) * (/\d/.test(c.sentence.text) ? 1.1 : 1);
      if (!best || gain > best.gain) best = { c, gain };
    }
    const needed = chosen.length === 0 ? MIN_COVERAGE : MIN_ADDED_COVERAGE;
    if (!best || best.gain < needed) break;
    chosen.push(best.c);
    for (const t of terms) if (holds(best.c, t)) held.add(t);
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
        })),
      );
      // A class, currency or hedging named anywhere in the message pins every question of it.
      const pinned = new Set(
        [...specifiersOf(`${message.subject} ${message.body}`)].filter((s) =>
          ['class', 'currency', 'hedged'].includes(kindOf(s)),
        ),
      );
      const parts = questionParts(message.subject, message.body);
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
        answers.forEach((answer, index) => {
          lines.push(
            answer ? paragraphOf(answer, numberOf) : openPartSentence(ORDINALS[index] ?? `${index + 1}th`),
            '',
          );
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
