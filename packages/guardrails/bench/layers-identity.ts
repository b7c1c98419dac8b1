/**
 * Identity check of check(): `node --import tsx bench/layers-identity.ts dump FILE` writes the results
 * of every input below; `... compare FILE` recomputes them and reports each input whose JSON differs.
 * Inputs: every corpus line, the corpus joined as one text, the bench's 5 KB draft and 1 MB text, and
 * the adversarial strings, under the default policy (and variants with a disclaimer and a custom pattern).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadCorpus } from '../scripts/corpus';
import { check } from '../src/check';
import { defaultPolicy } from '../src/defaults';
import type { CheckOptions, GuardrailPolicy } from '../src/types';
import { adversarialText, benchTexts, gapPattern } from './texts';

const [mode, file] = process.argv.slice(2);
if ((mode !== 'dump' && mode !== 'compare') || !file) {
  console.error('usage: layers-identity.ts dump|compare FILE');
  process.exit(2);
}

const KB = 1024;
const plain = defaultPolicy();
const disclaimer =
  'These statements are forward-looking and illustrative only; actual results may differ materially.';
const withDisclaimer: GuardrailPolicy = { ...defaultPolicy(), disclaimer };
const custom = defaultPolicy();
custom.patterns.push(gapPattern());

const lines = loadCorpus().map((l) => l.text);
const { text, draft } = benchTexts();
const inputs: [string, string, GuardrailPolicy, CheckOptions][] = [];
lines.forEach((line, k) => {
  inputs.push([`line ${k}`, line, plain, {}]);
});
// lines again, after the big texts below have run: wink-nlp's tagger state must not matter
const joinedNl = lines.join('\n');
const joinedSp = lines.join(' ');
inputs.push(['corpus joined by newlines', joinedNl, plain, {}]);
inputs.push(['corpus joined by spaces', joinedSp, plain, {}]);
inputs.push(['corpus joined, disclaimer', `${joinedNl}\n\n${disclaimer}`, withDisclaimer, {}]);
inputs.push(['corpus joined, frames only', joinedNl, plain, { layers: 'frames' }]);
inputs.push(['5 KB draft', draft, plain, {}]);
inputs.push(['5 KB draft, disclaimer', `${draft}\n\n${disclaimer}`, withDisclaimer, {}]);
inputs.push(['1 MB text', text, plain, {}]);
inputs.push(['adversarial 200 KB', adversarialText(), custom, {}]);
inputs.push(['adversarial long word', 'g'.repeat(200 * KB), plain, {}]);
inputs.push(['adversarial separators', ' ,.-'.repeat(50 * KB), plain, {}]);
lines.forEach((line, k) => {
  if (k % 7 === 0) inputs.push([`line ${k} again`, line, plain, {}]);
});

const results: Record<string, string> = {};
const t0 = Date.now();
for (const [name, input, policy, options] of inputs) {
  const { flags, uncertain, requires_approval } = check(input, policy, options);
  results[name] = JSON.stringify({ flags, uncertain, requires_approval });
}
const secs = ((Date.now() - t0) / 1000).toFixed(1);
if (mode === 'dump') {
  writeFileSync(file, JSON.stringify(results));
  console.log(`${inputs.length} results written to ${file} (${secs} s)`);
} else {
  const before = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  let differ = 0;
  let flags = 0;
  for (const [name] of inputs) {
    flags += (JSON.parse(results[name] as string) as { flags: unknown[] }).flags.length;
    if (before[name] !== results[name]) {
      differ++;
      if (differ <= 10) console.log(`DIFFERS: ${name}\n  before ${before[name]}\n  after  ${results[name]}`);
    }
  }
  const missing = Object.keys(before).filter((k) => !(k in results)).length;
  console.log(`${inputs.length} inputs, ${flags} flags: ${differ} differ, ${missing} missing (${secs} s)`);
  if (differ > 0 || missing > 0) process.exit(1);
}
