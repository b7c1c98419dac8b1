import type { Sentence } from '../sentences';
import { type FeatureSink, PAIR_SEPARATOR, type PairKind, writeFeatures } from './features';
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
/** weights.json holds the bias and weights in thousandths (integers: a smaller file). */
const fromThousandths = (w: number) => w / 1000;
const BIAS: readonly [number, number] = [
  fromThousandths(model.bias[0] ?? 0),
  fromThousandths(model.bias[1] ?? 0),
];
const PROMISSORY: readonly number[] = model.promissory.map(fromThousandths);
const FORWARD: readonly number[] = model.forward.map(fromThousandths);

export const MODEL_THRESHOLDS: ModelThresholds = {
  promissory: model.thresholds.promissory,
  forward: model.thresholds.forward,
  clear: model.thresholds.clear ?? 0,
  uncertain: [model.thresholds.uncertain[0] ?? 0.35, model.thresholds.uncertain[1] ?? 0.65],
};

/** P(promissory) and P(forward) of a sentence from its features (unknown features are ignored). */
export function classifySentence(features: readonly string[]): ModelScores {
  let p = BIAS[0];
  let f = BIAS[1];
  for (const name of features) {
    const i = WEIGHTS.get(name);
    if (i === undefined) continue;
    p += PROMISSORY[i] ?? 0;
    f += FORWARD[i] ?? 0;
  }
  return softmax(p, f);
}

/**
 * `classifySentence(sentenceFeatures(sentence, frames))`, to the last bit: the same weights added in the
 * same order, looked up by the features' parts instead of by names built for the purpose.
 */
export function scoreSentence(sentence: Sentence, frames: readonly string[]): ModelScores {
  SCORER.start();
  writeFeatures(sentence, frames, SCORER);
  return softmax(SCORER.p, SCORER.f);
}

/** Softmax over (clean = 0, promissory = p, forward = f), shifted by the largest score for stability. */
function softmax(p: number, f: number): ModelScores {
  const top = Math.max(0, p, f);
  const ec = Math.exp(-top);
  const ep = Math.exp(p - top);
  const ef = Math.exp(f - top);
  const sum = ec + ep + ef;
  return { promissory: ep / sum, forward: ef / sum };
}

/**
 * Adds each known feature's weights once, at its first occurrence (as `classifySentence` does over the
 * unique names). Every part of `weights.json`'s names gets a number: the value of `kind:value`, and both
 * halves of every split of a pair at its kind's separator ('b:a_b_c' as a|b_c and a_b|c), so a lookup by
 * numbers finds a feature exactly when the joined name is one. Unknown parts are -1.
 */
class Scorer implements FeatureSink<number> {
  p = 0;
  f = 0;
  private readonly parts = new Map<string, number>();
  /** by kind: value's part → feature, or -1 */
  private readonly ones = new Map<string, Int32Array>();
  /** by kind: a's part × (number of parts) + b's part → feature */
  private readonly twos = new Map<string, Map<number, number>>();
  /** `seen[i] === round`: feature i was added in this sentence */
  private readonly seen = new Int32Array(model.features.length);
  private round = 0;

  constructor(names: readonly string[]) {
    const split = names.map((name) => {
      const colon = name.indexOf(':');
      const kind = name.slice(0, colon);
      const rest = name.slice(colon + 1);
      if (!Object.hasOwn(PAIR_SEPARATOR, kind)) return { kind, values: [rest], pairs: [] };
      const sep = PAIR_SEPARATOR[kind as PairKind];
      const pairs: [string, string][] = [];
      for (let at = rest.indexOf(sep); at >= 0; at = rest.indexOf(sep, at + 1)) {
        pairs.push([rest.slice(0, at), rest.slice(at + 1)]);
      }
      return { kind, values: [], pairs };
    });
    for (const { values, pairs } of split) {
      for (const value of [...values, ...pairs.flat()]) {
        if (!this.parts.has(value)) this.parts.set(value, this.parts.size);
      }
    }
    split.forEach(({ kind, values, pairs }, i) => {
      for (const value of values) {
        const ones = this.ones.get(kind) ?? new Int32Array(this.parts.size).fill(-1);
        ones[this.part(value)] = i;
        this.ones.set(kind, ones);
      }
      for (const [a, b] of pairs) {
        const twos = this.twos.get(kind) ?? new Map<number, number>();
        twos.set(this.pair(this.part(a), this.part(b)), i);
        this.twos.set(kind, twos);
      }
    });
  }

  start(): void {
    this.p = BIAS[0];
    this.f = BIAS[1];
    this.round++;
  }

  part(value: string): number {
    return this.parts.get(value) ?? -1;
  }

  one(kind: string, value: number): void {
    if (value >= 0) this.add(this.ones.get(kind)?.[value]);
  }

  two(kind: PairKind, a: number, b: number): void {
    if (a >= 0 && b >= 0) this.add(this.twos.get(kind)?.get(this.pair(a, b)));
  }

  private pair(a: number, b: number): number {
    return a * this.parts.size + b;
  }

  private add(i: number | undefined): void {
    if (i === undefined || i < 0 || this.seen[i] === this.round) return;
    this.seen[i] = this.round;
    this.p += PROMISSORY[i] ?? 0;
    this.f += FORWARD[i] ?? 0;
  }
}

const SCORER = new Scorer(model.features);

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
