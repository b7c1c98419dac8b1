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
};

export type ModelThresholds = {
  /** P(promissory) at or above which the sentence reads as a promise. */
  promissory: number;
  /** P(promissory) + P(forward) at or above which the sentence reads as forward-looking. */
  forward: number;
  /** [low, high): the band of P(promissory) + P(forward) where the model is unsure. */
  uncertain: [number, number];
};

const WEIGHTS: ReadonlyMap<string, number> = new Map(model.features.map((f, i) => [f, i]));
const PROMISSORY: readonly number[] = model.promissory;
const FORWARD: readonly number[] = model.forward;

export const MODEL_THRESHOLDS: ModelThresholds = {
  promissory: model.thresholds.promissory,
  forward: model.thresholds.forward,
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
  return { label, risk, uncertain: risk >= low && risk < high };
}
