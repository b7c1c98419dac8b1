/**
 * Profile helper for the rule layer: builds the benchmark's 1 MB text (bench/texts.ts),
 * warms up, then runs `check(text, policy, { layers: 'rules' })` N times. Instructions per check:
 *   valgrind --tool=callgrind --collect-atstart=no --toggle-collect=Builtins_ArrayPrototypeFindLast \
 *     node --import tsx bench/rules-profile.ts [runs=20] [warm-up runs=60]
 * (I refs / runs); `node --cpu-prof` for the hot functions.
 */
import { performance } from 'node:perf_hooks';
import { check } from '../src/check';
import { defaultPolicy } from '../src/defaults';
import { benchTexts } from './texts';

const runs = Number(process.argv[2] ?? 20);
const warm = Number(process.argv[3] ?? 60);
const policy = defaultPolicy();
const { text } = benchTexts();
let flags = 0;
for (let i = 0; i < warm; i++) flags = check(text, policy, { layers: 'rules' }).flags.length;
const t0 = performance.now();
// inside Array.prototype.findLast, a builtin nothing else here calls, so that callgrind can count these
// runs alone: --collect-atstart=no --toggle-collect=Builtins_ArrayPrototypeFindLast
new Array(runs).fill(0).findLast(() => {
  flags = check(text, policy, { layers: 'rules' }).flags.length;
  return false;
});
const ms = performance.now() - t0;
console.log(
  `${runs} runs after ${warm} warm-up runs: ${flags} flags, ${(ms / Math.max(runs, 1)).toFixed(2)} ms a run`,
);
