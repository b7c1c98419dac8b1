import { contentWordsOf, greetingOf, signOffsOf, stemOf, stemsOf } from './claim-text';

/**
 * How alike two investors' questions, and two replies, are (docs/decisions/027-consistency-across-investors.md):
 * a weighted overlap of their content words. Pure: the database only finds the candidates (full-text
 * and trigram indexes), this module decides how similar each one is.
 */

/** At most this many earlier answers are shown beside a draft. */
export const EARLIER_ANSWER_LIMIT = 5;
/**
 * Below this similarity an earlier answer is not shown at all: paraphrases of one question score 0.34
 * and up, different questions of a demo fund pass it only when they share a topic (decision 027).
 */
export const EARLIER_ANSWER_FLOOR = 0.3;
/**
 * From this similarity on, an earlier reply answers the same question, and a draft's figures and
 * commitments are compared with it (decision 027): higher than the floor, so a reply shown only as
 * related context never raises a flag.
 */
export const SAME_QUESTION_FLOOR = 0.45;

/**
 * Words that frame almost any investor's question ('could you confirm the amount and date', 'hello
 * team'), whatever it is about: they count a quarter of a topic word, so two questions about different
 * things do not look alike for asking the same way.
 */
const FRAME_STEMS = new Set(
  (
    'confirm amount date dates much many let know tell provide share send update question questions ' +
    'detail details information team hello hi planning plan need needs help wonder ask asked received ' +
    'receive expect current next last latest year quarter quarterly fund make sure want like see thing ' +
    'regarding re fw fwd soon possible kindly appreciate grateful'
  )
    .split(' ')
    .map(stemOf),
);

/** Weight of a frame word, and of a subject word (the subject names the topic in a few words). */
const FRAME_WEIGHT = 0.25;
const SUBJECT_WEIGHT = 2;

type Weights = Map<string, number>;

/** The longest first line read as a greeting ('Dear Ms Jane Whitfield-Smith,' fits). */
const GREETING_MAX = 60;

/**
 * The letter's own words: without its greeting line, and without its closing and what follows it
 * (signature, disclaimer), which every reply of the organisation shares.
 */
export function letterBodyOf(text: string): string {
  const line = greetingOf(text);
  // A greeting line, not a one-line message that opens with 'Hello': short and asking nothing.
  const greeting =
    line && line.end - line.start <= GREETING_MAX && !text.slice(line.start, line.end).includes('?')
      ? line
      : null;
  const closing = signOffsOf(text).at(-1);
  const start = greeting ? greeting.end : 0;
  const end = closing && closing.line.start >= start ? closing.line.start : text.length;
  return text.slice(start, end);
}

function weightsOf(text: string, weight: number, into: Weights = new Map()): Weights {
  for (const stem of stemsOf(text)) {
    const w = FRAME_STEMS.has(stem) ? weight * FRAME_WEIGHT : weight;
    into.set(stem, Math.max(into.get(stem) ?? 0, w));
  }
  return into;
}

/** Weighted Dice: twice the weight both share over the weight of both (0: nothing shared, 1: the same words). */
function overlapOf(a: Weights, b: Weights): number {
  let shared = 0;
  let total = 0;
  for (const [stem, w] of a) {
    total += w;
    const other = b.get(stem);
    if (other !== undefined) shared += Math.min(w, other);
  }
  for (const w of b.values()) total += w;
  return total === 0 ? 0 : (2 * shared) / total;
}

export type Question = { subject: string; body: string };

function questionWeights(question: Question): Weights {
  return weightsOf(question.subject, SUBJECT_WEIGHT, weightsOf(letterBodyOf(question.body), 1));
}

/** How alike two investors' questions are, 0–1: subject words weigh double, frame words a quarter. */
export function questionSimilarity(a: Question, b: Question): number {
  return overlapOf(questionWeights(a), questionWeights(b));
}

/** How alike two replies are, 0–1, by the words of their bodies (greetings, closings and disclaimers aside). */
export function answerSimilarity(a: string, b: string): number {
  return overlapOf(weightsOf(letterBodyOf(a), 1), weightsOf(letterBodyOf(b), 1));
}

/**
 * The similarity of an earlier answer: its question's, raised by its reply's likeness to the draft
 * (the mean of both) when that is higher. A draft that says what an earlier reply said moves it up; a
 * draft that says something else never buries the same question.
 */
export function combinedSimilarity(question: number, answer: number | null): number {
  return answer === null ? question : Math.max(question, (question + answer) / 2);
}

/** The similarity of an earlier answer, and of its question and its reply (null without a draft). */
export type Similarity = { similarity: number; questionScore: number; answerScore: number | null };

/**
 * The earlier answers worth showing, most similar first (the most recent first on a tie), above the
 * floor and at most `limit` of them.
 */
export function rankEarlierAnswers<T extends { question: Question; reply: string; sentAt: Date }>(
  input: { question: Question; draft: string | null; candidates: readonly T[] },
  limit = EARLIER_ANSWER_LIMIT,
  floor = EARLIER_ANSWER_FLOOR,
): (T & Similarity)[] {
  const asked = questionWeights(input.question);
  const drafted = input.draft === null ? null : weightsOf(letterBodyOf(input.draft), 1);
  return input.candidates
    .map((candidate) => {
      const questionScore = overlapOf(asked, questionWeights(candidate.question));
      const answerScore = drafted ? overlapOf(drafted, weightsOf(letterBodyOf(candidate.reply), 1)) : null;
      return {
        ...candidate,
        similarity: combinedSimilarity(questionScore, answerScore),
        questionScore,
        answerScore,
      };
    })
    .filter((scored) => scored.similarity >= floor)
    .sort((a, b) => b.similarity - a.similarity || b.sentAt.getTime() - a.sentAt.getTime())
    .slice(0, limit);
}

/** How many words of a question the candidate search ORs together. */
const SEARCH_WORDS_MAX = 40;

/**
 * The words the candidate search looks for (OR-ed for websearch_to_tsquery): the question's content
 * words that are letters and digits only, frame words last, so a long message keeps its topic words.
 */
export function searchWordsOf(question: Question): string[] {
  const words = contentWordsOf(`${question.subject} ${letterBodyOf(question.body)}`).filter((word) =>
    /^[a-z0-9]+$/.test(word),
  );
  const isFrame = (word: string) => FRAME_STEMS.has(stemOf(word));
  return [...words.filter((w) => !isFrame(w)), ...words.filter(isFrame)].slice(0, SEARCH_WORDS_MAX);
}
