import type { Sentence } from '../sentences';
import {
  type FeatureSink,
  type KnownParts,
  knownParts,
  PAIR_SEPARATOR,
  type PairKind,
  writeFeatures,
} from './features';
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
const PROMISSORY = Float64Array.from(model.promissory, fromThousandths);
const FORWARD = Float64Array.from(model.forward, fromThousandths);

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
 * Integer keys (a pair's parts, a × parts + b) → feature, by open addressing: a Map of numbers hashed
 * and chained every lookup cost more than the rest of a sentence's scoring.
 */
class PairTable {
  private readonly keys: Int32Array;
  private readonly values: Int32Array;
  private readonly mask: number;
  private readonly shift: number;

  constructor(entries: readonly [number, number][]) {
    let bits = 4;
    while (1 << bits < entries.length * 2) bits++;
    const size = 1 << bits;
    this.shift = 32 - bits;
    this.keys = new Int32Array(size).fill(-1);
    this.values = new Int32Array(size);
    this.mask = size - 1;
    for (const [key, value] of entries) {
      let at = this.slot(key);
      while (this.keys[at] !== -1 && this.keys[at] !== key) at = (at + 1) & this.mask;
      this.keys[at] = key;
      this.values[at] = value;
    }
  }

  private slot(key: number): number {
    // the high bits of a multiplicative hash: pairs differ mostly in their low bits
    return Math.imul(key, 0x9e3779b1) >>> this.shift;
  }

  /** The feature of `key` (≥ 0), or -1. */
  get(key: number): number {
    let at = this.slot(key);
    for (;;) {
      const k = this.keys[at] as number;
      if (k === key) return this.values[at] as number;
      if (k === -1) return -1;
      at = (at + 1) & this.mask;
    }
  }
}

const NO_ONES = new Int32Array(0);
const NO_TWOS = new PairTable([]);

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
  private readonly wOnes: Int32Array;
  private readonly cOnes: Int32Array;
  private readonly qcOnes: Int32Array;
  private readonly kOnes: Int32Array;
  private readonly kkOnes: Int32Array;
  private readonly nOnes: Int32Array;
  private readonly ncOnes: Int32Array;
  private readonly fOnes: Int32Array;
  private readonly frameOnes: Int32Array;
  /** by kind: a's part × (number of parts) + b's part → feature */
  private readonly b: PairTable;
  private readonly cb: PairTable;
  private readonly kb: PairTable;
  private readonly cp: PairTable;
  /** `seen[i] === round`: feature i was added in this sentence */
  private readonly seen = new Int32Array(model.features.length);
  private round = 0;
  readonly known: KnownParts<number>;

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
    const ones = new Map<string, Int32Array>();
    const twos = new Map<string, [number, number][]>();
    split.forEach(({ kind, values, pairs }, i) => {
      for (const value of values) {
        const list = ones.get(kind) ?? new Int32Array(this.parts.size).fill(-1);
        list[this.part(value)] = i;
        ones.set(kind, list);
      }
      for (const [a, b] of pairs) {
        const list = twos.get(kind) ?? [];
        list.push([this.pair(this.part(a), this.part(b)), i]);
        twos.set(kind, list);
      }
    });
    const one = (kind: string) => ones.get(kind) ?? NO_ONES;
    this.wOnes = one('w');
    this.cOnes = one('c');
    this.qcOnes = one('qc');
    this.kOnes = one('k');
    this.kkOnes = one('kk');
    this.nOnes = one('n');
    this.ncOnes = one('nc');
    this.fOnes = one('f');
    this.frameOnes = one('frame');
    const table = (kind: PairKind) => new PairTable(twos.get(kind) ?? []);
    this.b = table('b');
    this.cb = table('cb');
    this.kb = table('kb');
    this.cp = table('cp');
    this.known = knownParts(this);
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
    if (value >= 0) {
      const i = this.ones(kind)[value];
      if (i !== undefined) this.add(i);
    }
  }

  private ones(kind: string): Int32Array {
    switch (kind) {
      case 'w':
        return this.wOnes;
      case 'c':
        return this.cOnes;
      case 'qc':
        return this.qcOnes;
      case 'k':
        return this.kOnes;
      case 'kk':
        return this.kkOnes;
      case 'n':
        return this.nOnes;
      case 'nc':
        return this.ncOnes;
      case 'f':
        return this.fOnes;
      case 'frame':
        return this.frameOnes;
      default:
        return NO_ONES;
    }
  }

  two(kind: PairKind, a: number, b: number): void {
    if (a >= 0 && b >= 0) this.add(this.pairs(kind).get(this.pair(a, b)));
  }

  private pairs(kind: PairKind): PairTable {
    switch (kind) {
      case 'b':
        return this.b;
      case 'cb':
        return this.cb;
      case 'kb':
        return this.kb;
      case 'cp':
        return this.cp;
      default:
        return NO_TWOS;
    }
  }

  private pair(a: number, b: number): number {
    return a * this.parts.size + b;
  }

  private add(i: number): void {
    if (i < 0 || this.seen[i] === this.round) return;
    this.seen[i] = this.round;
    this.p += PROMISSORY[i] as number;
    this.f += FORWARD[i] as number;
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
