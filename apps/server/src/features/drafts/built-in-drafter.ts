import { sha256Hex } from '../../lib/crypto';
import { closing, type Drafter, type DraftPassage, passageList } from './drafter';
import { STOP_WORDS } from './stop-words';

/** Said plainly when the fund documents do not answer the question. */
export const NO_ANSWER_SENTENCE =
  "I don't have that information in the fund documents available to me; I will follow up with you shortly.";

/** A crude stem, the retrieval's own: the first five letters, after a plural 's'. */
function stem(word: string): string {
  return (word.length > 4 ? word.replace(/s$/, '') : word).slice(0, 5);
}

function terms(text: string): Set<string> {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return new Set(words.filter((w) => w.length > 1 && !STOP_WORDS.has(w)).map(stem));
}

function sentencesOf(text: string): string[] {
  // Lines first (fact sheets and notices are 'Label: value' lines), then sentences within a line.
  return text
    .split(/\n+/)
    .flatMap((line) => line.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** A sentence, its place in the passage, its score and the weight of each question word it holds. */
type Scored = { sentence: string; index: number; score: number; matched: Map<string, number> };

/** A figure (a date, an amount) makes a sentence a little likelier to be the answer. */
const FIGURE_BONUS = 1.15;

/** The weights of the question words a sentence holds; nothing for fewer than `minimum` of them. */
function sentenceScore(sentence: string, matched: Map<string, number>, minimum: number): number {
  // A sentence sharing a single word with a longer question (say 'portfolio') is no answer.
  if (matched.size === 0 || matched.size < minimum) return 0;
  const score = [...matched.values()].reduce((sum, w) => sum + w, 0);
  return /\d/.test(sentence) ? score * FIGURE_BONUS : score;
}

/**
 * Titles ('# Quarterly Letter', 'DISTRIBUTION NOTICE - Q3 2025', 'Investment process.') name a
 * part of a document, and a question ('Q: How large is the team?') asks: neither answers.
 */
function isHeadingOrQuestion(sentence: string): boolean {
  return (
    sentence.startsWith('#') ||
    // Capitals only, with at least two words ('NAV per unit: $11.84' and 'Q3 2025: 2.9%' answer).
    (!/[a-z]/.test(sentence) && /\b[A-Z]{3,}\b.*\b[A-Z]{3,}\b/.test(sentence)) ||
    sentence.endsWith('?') ||
    // A short line without a figure or a 'Label: value' is a section title.
    (sentence.split(' ').length < 4 && !/[\d:]/.test(sentence))
  );
}

/**
 * Each sentence of each passage, scored by the question's words it contains, each word weighted by
 * how rare it is among all these sentences (a word in every sentence, like 'fund' or 'quarter',
 * says little), and a little more for a figure (a date or an amount is more often the answer).
 */
function scorePassages(passages: DraftPassage[], question: Set<string>): Scored[][] {
  const sentences = passages.map((p) =>
    sentencesOf(p.text).map((sentence) => ({ sentence, terms: terms(sentence) })),
  );
  const all = sentences.flat();
  const minimumMatches = Math.min(2, question.size);
  const weight = new Map<string, number>();
  for (const term of question) {
    const frequency = all.filter((s) => s.terms.has(term)).length;
    if (frequency > 0) weight.set(term, Math.log(1 + all.length / frequency));
  }
  return sentences.map((list) =>
    list.map(({ sentence, terms: words }, index) => {
      const matched = new Map<string, number>();
      for (const term of isHeadingOrQuestion(sentence) ? [] : words) {
        const w = weight.get(term);
        if (w !== undefined) matched.set(term, w);
      }
      return { sentence, index, score: sentenceScore(sentence, matched, minimumMatches), matched };
    }),
  );
}

/** At most this many passages are quoted, and only those close to the best one. */
const QUOTED_PASSAGES_MAX = 3;
const PASSAGE_SCORE_SHARE = 0.6;
/** A second sentence is quoted only when what it adds weighs at least half of the first. */
const SECOND_SENTENCE_SHARE = 0.5;
const QUOTE_LENGTH_MAX = 400;

/**
 * The most relevant sentence of a passage, and a second one when it answers what the first leaves
 * open, in their order in the passage.
 */
function quoteOf(scored: Scored[], minimumMatches: number): string {
  const [best] = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  if (!best) return '';
  const chosen = [best];
  // The second sentence must answer what the first leaves open (say the date beside the amount).
  const added = scored
    .filter((s) => s !== best)
    .map((s) => {
      const fresh = new Map([...s.matched].filter(([term]) => !best.matched.has(term)));
      return { s, gain: sentenceScore(s.sentence, fresh, minimumMatches) };
    })
    .sort((a, b) => b.gain - a.gain || a.s.index - b.s.index)[0];
  if (added && added.gain > 0 && added.gain >= best.score * SECOND_SENTENCE_SHARE) chosen.push(added.s);
  const join = (list: Scored[]) =>
    [...list]
      .sort((a, b) => a.index - b.index)
      .map((c) => c.sentence.replace(/[^.!?]$/, '$&.'))
      .join(' ');
  let quote = join(chosen);
  if (quote.length > QUOTE_LENGTH_MAX) quote = join([best]);
  if (quote.length <= QUOTE_LENGTH_MAX) return quote;
  // One very long sentence: cut between words, never inside a figure.
  return `${quote.slice(0, QUOTE_LENGTH_MAX - 3).replace(/\s+\S*$/, '')}...`;
}

/**
 * The passages worth quoting, best first: each scored by its best sentence; one scoring under
 * PASSAGE_SCORE_SHARE of the best passage only loosely relates and is left out.
 */
function passagesToQuote(passages: DraftPassage[], question: Set<string>) {
  const sentences = scorePassages(passages, question);
  const scored = passages.map((passage, order) => {
    const list = sentences[order] ?? [];
    return { passage, order, sentences: list, score: Math.max(0, ...list.map((s) => s.score)) };
  });
  const top = Math.max(0, ...scored.map((p) => p.score));
  return scored
    .filter((p) => p.score > 0 && p.score >= top * PASSAGE_SCORE_SHARE)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, QUOTED_PASSAGES_MAX)
    .map((p) => ({ passage: p.passage, quote: quoteOf(p.sentences, Math.min(2, question.size)) }));
}

/**
 * The built-in drafter: offline and deterministic. It quotes verbatim the sentence or two of each
 * passage that answer the question (so every figure in the reply comes from a source), leaves out
 * passages that only loosely relate, numbers them [1], [2] in citation order, and never copies the
 * investor's words into the reply — only their name — so instructions hidden in a message cannot
 * steer it.
 */
export function createBuiltInDrafter(): Drafter {
  return {
    name: 'built-in',
    async draft(request) {
      const question = terms(`${request.message.subject} ${request.message.body}`);
      const quoted = passagesToQuote(request.passages, question);
      const used = quoted.map((q) => q.passage);
      const lines = [
        `Dear ${request.message.investorName.trim() || 'Investor'},`,
        '',
        'Thank you for your message.',
      ];
      if (used.length === 0) {
        lines.push(NO_ANSWER_SENTENCE);
      } else {
        lines.push('Here is what our fund documents say on this.', '');
        quoted.forEach(({ passage, quote }, index) => {
          lines.push(`- ${passage.docPath} states: "${quote}" [${index + 1}]`);
        });
        lines.push(
          '',
          'If any part of your question is not covered above, I will check the fund documents and follow up with you.',
        );
      }
      lines.push('', closing(request));
      const text = lines.join('\n');
      return {
        text,
        citations: used.map((p) => ({ id: p.id, doc_path: p.docPath, relevance: p.relevance })),
        provenance: {
          drafter: 'built-in',
          model: null,
          prompt_hash: sha256Hex(JSON.stringify(request)),
          passages: passageList(request.passages),
        },
      };
    },
  };
}
