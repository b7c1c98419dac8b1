/**
 * Fitting the linear model of `src/model/classify.ts`: three classes (0 clean, 1 promissory, 2 forward),
 * clean the reference class (its weights are 0), binary features given as sorted index lists. The fit is
 * deterministic: no random initialisation, no shuffling, a fixed iteration count.
 */

export type Example = { x: Int32Array; y: 0 | 1 | 2; weight: number };

/** Bias and per-feature weights of the two non-reference classes. */
export type Linear = { bias: [number, number]; promissory: Float64Array; forward: Float64Array };

/** Class probabilities [clean, promissory, forward] of one example. */
export function probabilities(model: Linear, x: Int32Array): [number, number, number] {
  let p = model.bias[0];
  let f = model.bias[1];
  for (const j of x) {
    p += model.promissory[j] as number;
    f += model.forward[j] as number;
  }
  const top = Math.max(0, p, f);
  const ec = Math.exp(-top);
  const ep = Math.exp(p - top);
  const ef = Math.exp(f - top);
  const sum = ec + ep + ef;
  return [ec / sum, ep / sum, ef / sum];
}

/**
 * Multinomial logistic regression with an L2 penalty `lambda` (on the weights, not the biases), minimising
 * the weighted mean log loss by full-batch Adam.
 */
export function fitLogistic(
  data: readonly Example[],
  dims: number,
  lambda: number,
  iterations = 400,
): Linear {
  const model: Linear = {
    bias: [0, 0],
    promissory: new Float64Array(dims),
    forward: new Float64Array(dims),
  };
  const n = 2 * dims + 2; // parameters: promissory weights, forward weights, two biases
  const grad = new Float64Array(n);
  const m = new Float64Array(n);
  const v = new Float64Array(n);
  const rate = 0.05;
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  const total = data.reduce((s, e) => s + e.weight, 0);
  for (let t = 1; t <= iterations; t++) {
    grad.fill(0);
    for (const e of data) {
      const [, pp, pf] = probabilities(model, e.x);
      const gp = (pp - (e.y === 1 ? 1 : 0)) * (e.weight / total);
      const gf = (pf - (e.y === 2 ? 1 : 0)) * (e.weight / total);
      for (const j of e.x) {
        grad[j] = (grad[j] as number) + gp;
        grad[dims + j] = (grad[dims + j] as number) + gf;
      }
      grad[2 * dims] = (grad[2 * dims] as number) + gp;
      grad[2 * dims + 1] = (grad[2 * dims + 1] as number) + gf;
    }
    for (let j = 0; j < dims; j++) {
      grad[j] = (grad[j] as number) + lambda * (model.promissory[j] as number);
      grad[dims + j] = (grad[dims + j] as number) + lambda * (model.forward[j] as number);
    }
    const c1 = 1 - b1 ** t;
    const c2 = 1 - b2 ** t;
    for (let k = 0; k < n; k++) {
      const g = grad[k] as number;
      const mk = b1 * (m[k] as number) + (1 - b1) * g;
      const vk = b2 * (v[k] as number) + (1 - b2) * g * g;
      m[k] = mk;
      v[k] = vk;
      const step = (rate * (mk / c1)) / (Math.sqrt(vk / c2) + eps);
      if (k < dims) model.promissory[k] = (model.promissory[k] as number) - step;
      else if (k < 2 * dims) model.forward[k - dims] = (model.forward[k - dims] as number) - step;
      else if (k === 2 * dims) model.bias[0] -= step;
      else model.bias[1] -= step;
    }
  }
  return model;
}
