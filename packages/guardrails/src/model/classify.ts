import model from './weights.json' with { type: 'json' };

/**
 * A small linear model (multinomial logistic regression over `sentenceFeatures`, clean as the reference
 * class) learnt from the labelled corpus by `npm run train -w @parley/guardrails`; `weights.json` holds
 * its weights and the thresholds chosen on the dev split. No download, no I/O: a lookup per feature.
 */
export type ModelScores = { promissory: number; forward: number };

/** What the model says of a sentence under the thresholds chosen on dev. */
export type ModelVerdict = {
  /** `promissory` (a high flag), `forward` (a flag), or null (no flag from the model). */
  label: 'promissory' | 'forward' | null;
  /** P(promissory) + P(forward): how risky the sentence reads. */
  risk: number;
  /** The risk is in the band where the model is unsure (a second opinion may help). */
  uncertain: boolean;
  /** The risk is so low that a rule or frame match in the sentence is most likely a false alarm. */
  clears: boolean;
};

export type ModelThresholds = {
  /** P(promissory) at or above which the sentence reads as a promise. */
  promissory: number;
  /** P(promissory) + P(forward) at or above which the sentence reads as forward-looking. */
  forward: number;
  /**
   * P(promissory) + P(forward) below which the model clears the sentence's rule and frame flags (never
   * the organisation's lexicon: its own words always flag). 0 never clears.
   */
  clear: number;
  /** [low, high): the band of P(promissory) + P(forward) where the model is unsure. */
  uncertain: [number, number];
};

/** What the rule layer and the frames flagged in a sentence, the organisation's lexicon apart. */
export type RuleView = { lexicon: boolean; lexiconHigh: boolean; other: boolean; otherHigh: boolean };

const WEIGHTS: ReadonlyMap<string, number> = new Map(model.features.map((f, i) => [f, i]));
const PROMISSORY: readonly number[] = model.promissory;
const FORWARD: readonly number[] = model.forward;

export const MODEL_THRESHOLDS: ModelThresholds = {
  promissory: model.thresholds.promissory,
  forward: model.thresholds.forward,
  clear: model.thresholds.clear ?? 0,
  uncertain: [model.thresholds.uncertain[0] ?? 0.35, model.thresholds.uncertain[1] ?? 0.65],
};

/** P(promissory) and P(forward) of a sentence from its features (unknown features are ignored). */
export function classifySentence(features: readonly string[]): ModelScores {
  let p = model.bias[0] ?? 0;
  let f = model.bias[1] ?? 0;
  for (const name of features) {
    const i = WEIGHTS.get(name);
    if (i === undefined) continue;
    p += PROMISSORY[i] ?? 0;
    f += FORWARD[i] ?? 0;
  }
  // softmax over (clean = 0, promissory = p, forward = f), shifted by the largest score for stability
  const top = Math.max(0, p, f);
  const ec = Math.exp(-top);
  const ep = Math.exp(p - top);
  const ef = Math.exp(f - top);
  const sum = ec + ep + ef;
  return { promissory: ep / sum, forward: ef / sum };
}

/** The model's verdict on a sentence's scores, under `thresholds` (by default the ones chosen on dev). */
export function modelVerdict(
  scores: ModelScores,
  thresholds: ModelThresholds = MODEL_THRESHOLDS,
): ModelVerdict {
  const risk = scores.promissory + scores.forward;
  const label =
    scores.promissory >= thresholds.promissory ? 'promissory' : risk >= thresholds.forward ? 'forward' : null;
  const [low, high] = thresholds.uncertain;
  return { label, risk, uncertain: risk >= low && risk < high, clears: risk < thresholds.clear };
}

/**
 * Whether a sentence is flagged (and high) once the model's verdict meets the rules': lexicon flags
 * stay; rule and frame flags stay unless the model clears them; the model flags a sentence nothing else
 * flags. The trainer chooses the thresholds on dev for exactly this combination.
 */
export function combineWithRules(
  rules: RuleView,
  scores: ModelScores,
  thresholds: ModelThresholds = MODEL_THRESHOLDS,
): { flagged: boolean; high: boolean } {
  const v = modelVerdict(scores, thresholds);
  const other = rules.other && !v.clears;
  const ruled = rules.lexicon || other;
  return {
    flagged: ruled || v.label !== null,
    high: rules.lexiconHigh || (rules.otherHigh && !v.clears) || (!ruled && v.label === 'promissory'),
  };
}
