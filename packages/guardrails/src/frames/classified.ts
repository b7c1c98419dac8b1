import { MODEL_THRESHOLDS, modelVerdict, scoreSentence } from '../model/classify';
import type { Sentence } from '../sentences';
import type { Uncertain } from '../types';
import { BELIEF_VERBS, ESTIMATE_VERBS, FUTURE, FUTURE_TIME, GUIDANCE_NOUNS, UPBEAT } from './words';

/** At most this many uncertain sentences per check go to the optional second opinion. */
export const MAX_UNCERTAIN = 5;

/** A sentence the classifier reads as a promise or a forecast while no rule or frame flagged it. */
export type ClassifierFlag = { label: 'promissory' | 'forward'; start: number; end: number; score: number };

/** Modal and likelihood words that look ahead ('income should tick up', 'likely to rise'). */
const LOOKING_AHEAD = new Set([
  'should',
  'could',
  'may',
  'might',
  'would',
  "'d",
  'can',
  'going',
  'gonna',
  'likely',
  'probably',
  'poised',
  'set',
  'track',
  'pace',
  'potential',
  'upside',
]);

/**
 * A forecast looks ahead: a figure, a future or modal word, a word of time ahead, an estimate or belief
 * verb, guidance, or optimism. Without one the classifier's 'forward' reading needs CUELESS_FORWARD —
 * so the checker's own rewrites ('Your return is targeted.', P(forward) about 0.74) are not flagged
 * again, while 'We see tailwinds for credit' still is.
 */
const CUELESS_FORWARD = 0.8;

function looksAhead(sentence: Sentence): boolean {
  return sentence.words.some(
    (w) =>
      w.pos === 'NUM' ||
      FUTURE.has(w.normal) ||
      LOOKING_AHEAD.has(w.normal) ||
      FUTURE_TIME.has(w.normal) ||
      GUIDANCE_NOUNS.has(w.normal) ||
      UPBEAT.has(w.normal) ||
      ESTIMATE_VERBS.has(w.lemma) ||
      BELIEF_VERBS.has(w.lemma),
  );
}

/** Fewer words than this are not a sentence the model can judge (greetings, sign-offs, headings). */
const MIN_WORDS = 4;

function wordCount(sentence: Sentence): number {
  let n = 0;
  for (const w of sentence.words) if (w.pos !== 'PUNCT' && w.pos !== 'SYM') n++;
  return n;
}

/** Made once: a regular expression literal is a new object each time it is evaluated. */
const STOPS = /^[.!?…]+$/;

/** Trailing sentence punctuation is not part of the flagged span. */
function spanOf(sentence: Sentence): [number, number] {
  const words = sentence.words;
  let last = words.length - 1;
  while (last > 0 && STOPS.test((words[last] as { normal: string }).normal)) last--;
  return [sentence.start, (words[last] as { end: number }).end];
}

/**
 * The classifier's verdict on each sentence the sentence layer read (features from its words and the
 * frames and context found in it): a flag when it is confident and nothing else flagged the sentence,
 * the unflagged sentences in its unsure band (riskiest first, at most MAX_UNCERTAIN), and the flagged
 * sentences it reads as so plainly clean that their rule and frame flags are false alarms (`cleared`;
 * check() still keeps the organisation's own lexicon and patterns there).
 */
export function classify(read: readonly { sentence: Sentence; tags: string[]; flagged: boolean }[]): {
  flags: ClassifierFlag[];
  uncertain: Uncertain[];
  cleared: Sentence[];
} {
  const flags: ClassifierFlag[] = [];
  const unsure: Uncertain[] = [];
  const cleared: Sentence[] = [];
  for (const { sentence, tags, flagged } of read) {
    if (sentence.words.length === 0 || (flagged && MODEL_THRESHOLDS.clear === 0)) continue;
    // 'Dear Margot,' and 'Kind regards,' stand alone in drafts; the model learnt from whole sentences
    if (!flagged && wordCount(sentence) < MIN_WORDS) continue;
    const scores = scoreSentence(sentence, tags);
    const verdict = modelVerdict(scores);
    if (flagged) {
      if (verdict.clears) cleared.push(sentence);
      continue;
    }
    const [start, end] = spanOf(sentence);
    if (
      verdict.label &&
      (verdict.label === 'promissory' || scores.forward >= CUELESS_FORWARD || looksAhead(sentence))
    ) {
      flags.push({ label: verdict.label, start, end, score: verdict.risk });
    } else if (verdict.uncertain) {
      unsure.push({
        start,
        end,
        text: sentence.text.slice(0, end - start),
        score: Math.round(verdict.risk * 1000) / 1000,
      });
    }
  }
  unsure.sort((a, b) => b.score - a.score || a.start - b.start);
  return {
    flags,
    uncertain: unsure.slice(0, MAX_UNCERTAIN).sort((a, b) => a.start - b.start),
    cleared,
  };
}
