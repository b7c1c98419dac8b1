/**
 * Every layer on the bench's 5 KB draft, for profilers: `node --import tsx bench/layers-profile.ts [runs]`
 * (with --cpu-prof, or under valgrind --tool=callgrind). Prints CPU p50/p95 of the timed runs.
 */
import { performance } from 'node:perf_hooks';
import { check } from '../src/check';
import { defaultPolicy } from '../src/defaults';
import { benchTexts } from './texts';

const runs = Number(process.argv[2] ?? 500);
const warm = Number(process.argv[3] ?? 50);
const policy = defaultPolicy();
const { draft } = benchTexts();
for (let i = 0; i < warm; i++) check(draft, policy);
const cpu: number[] = [];
const wall: number[] = [];
for (let i = 0; i < runs; i++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  check(draft, policy);
  wall.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
const at = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] as number;
if (runs > 0)
  console.log(
    `${runs} runs: wall p50 ${at(wall, 50).toFixed(3)} p95 ${at(wall, 95).toFixed(3)} ms; ` +
      `CPU p50 ${at(cpu, 50).toFixed(3)} p95 ${at(cpu, 95).toFixed(3)} ms`,
  );
