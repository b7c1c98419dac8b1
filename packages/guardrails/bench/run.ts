/**
 * Guardrails benchmark (docs/product.md §9 Performance targets): the checker's throughput on a mixed ~1 MB
 * text (median of several
 * runs), its p50/p99 on a 5 KB draft over 3,000 runs, and the prose linter write-good on the same
 * 1 MB text in the same run as the reference. Prints figures and whether the targets are met; no asserts.
 *
 * Wall-clock figures include time the OS gives to other processes, so on a shared, loaded machine they
 * are also reported in CPU time of this process (process.cpuUsage), with the load average for context.
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import writeGood from 'write-good';
import { check } from '../src/check';
import { CORPUS, HOLDOUT } from '../src/corpus';
import { defaultPolicy } from '../src/defaults';

const TARGET_MBPS = 50;
const TARGET_P99_MS = 2;
const MB = 1024 * 1024;

const FILLER = [
  'Thank you for your message about the {fund} capital call due on {day} {month}.',
  'The investment committee met on {day} {month} and approved two follow-on investments.',
  'Occupancy across the portfolio was {pct}% at the end of the quarter, in line with the prior period.',
  'We have attached the quarterly report and the capital account statement for {fund}.',
  'The asset management team completed {n} lease renewals with an average term of {n} years.',
  'Construction of the {asset} is progressing and the contractor reported no material delays.',
  'Please let us know if you would like to schedule a call with the portfolio manager.',
  'The {asset} was refinanced with a {n}-year facility from a syndicate of three banks.',
  'Net asset value per unit was {money} as of {day} {month} 2025.',
  'Our ESG report covers energy use, water and tenant engagement for every asset.',
  'The advisory committee approved the extension of the investment period by twelve months.',
  'The audited financial statements will be available in the data room from {day} {month}.',
  'We continue to monitor interest rate, refinancing and construction risk across the portfolio.',
  'The {asset} signed a new anchor tenant on a {n}-year lease.',
  'Your relationship manager is happy to walk you through the valuation methodology.',
];
const FUNDS = [
  'Fund III',
  'Fund IV',
  'the Infrastructure Fund',
  'the Growth Equity Fund',
  'the Core Plus Fund',
];
const ASSETS = [
  'logistics park',
  'data centre',
  'wind farm',
  'student housing scheme',
  'fibre network',
  'office tower',
];
const MONTHS = ['January', 'March', 'May', 'July', 'September', 'November'];

/** A deterministic mix: one corpus sentence for every three filler sentences, in paragraphs. */
function buildText(bytes: number): string {
  let seed = 42;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const corpus = [...CORPUS, ...HOLDOUT].map((c) => c.text);
  const parts: string[] = [];
  let size = 0;
  let k = 0;
  while (size < bytes) {
    let s: string;
    if (k % 4 === 3) s = corpus[rand(corpus.length)] as string;
    else {
      s = (FILLER[rand(FILLER.length)] as string)
        .replace('{fund}', FUNDS[rand(FUNDS.length)] as string)
        .replace('{asset}', ASSETS[rand(ASSETS.length)] as string)
        .replace('{month}', MONTHS[rand(MONTHS.length)] as string)
        .replace('{day}', String(1 + rand(28)))
        .replaceAll('{n}', String(2 + rand(12)))
        .replace('{pct}', String(85 + rand(14)))
        .replace('{money}', `EUR ${(80 + rand(60)).toFixed(2)}`);
    }
    k++;
    parts.push(k % 6 === 0 ? `${s}\n\n` : `${s} `);
    size += s.length + 1;
  }
  return parts.join('');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Wall and CPU milliseconds of one call. */
function timed(fn: () => void): { wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const policy = defaultPolicy();
const text = buildText(MB);
const mb = text.length / MB;

// warm-up (JIT, compiled policy cache)
for (let i = 0; i < 3; i++) check(text, policy);

const load = loadavg()[0] as number;
gc();
const runs: number[] = [];
const cpuRuns: number[] = [];
let flags = 0;
for (let i = 0; i < 9; i++) {
  const r = timed(() => {
    flags = check(text, policy).flags.length;
  });
  runs.push(r.wall);
  cpuRuns.push(r.cpu);
}
const checkerMs = median(runs);
const checkerMbps = mb / (checkerMs / 1000);
const checkerCpuMbps = mb / (median(cpuRuns) / 1000);

// a 5 KB draft cut from the mixed text at a sentence boundary
const from = text.indexOf('. ', 200_000) + 2;
const draft = text.slice(from, from + 5 * 1024);
const DRAFT_RUNS = 3000;
for (let i = 0; i < 300; i++) check(draft, policy);
gc();
const times: number[] = [];
const cpuTimes: number[] = [];
for (let i = 0; i < DRAFT_RUNS; i++) {
  const r = timed(() => check(draft, policy));
  times.push(r.wall);
  cpuTimes.push(r.cpu);
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const p50 = percentile(times, 50);
const p99 = percentile(times, 99);
const cpuP50 = percentile(cpuTimes, 50);
const cpuP99 = percentile(cpuTimes, 99);

// reference: write-good on the same 1 MB text
const wgRuns: number[] = [];
let wgSuggestions = 0;
for (let i = 0; i < 2; i++) {
  const t0 = performance.now();
  wgSuggestions = writeGood(text).length;
  wgRuns.push(performance.now() - t0);
}
const wgMs = median(wgRuns);
const wgMbps = mb / (wgMs / 1000);

const yes = (ok: boolean) => (ok ? 'met' : 'NOT met');
console.log(
  `guardrails benchmark (node ${process.version}, ${availableParallelism()} CPUs, load average ${load.toFixed(2)})`,
);
console.log(`  text: ${text.length.toLocaleString('en')} chars (${mb.toFixed(2)} MB), ${flags} flags`);
console.log(
  `  checker:    ${checkerMbps.toFixed(1)} MB/s wall (median of ${runs.length} runs, ${checkerMs.toFixed(1)} ms), ` +
    `${checkerCpuMbps.toFixed(1)} MB/s CPU time, best run ${(mb / (Math.min(...runs) / 1000)).toFixed(1)} MB/s`,
);
console.log(
  `  write-good: ${wgMbps.toFixed(2)} MB/s wall (median of ${wgRuns.length} runs, ${wgSuggestions} suggestions)`,
);
console.log(`  ratio:      checker is ${(checkerMbps / wgMbps).toFixed(0)}x write-good (wall)`);
console.log(
  `  5 KB draft over ${DRAFT_RUNS} runs: wall p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms; ` +
    `CPU time p50 ${cpuP50.toFixed(3)} ms, p99 ${cpuP99.toFixed(3)} ms`,
);
console.log(
  `  target throughput >= ${TARGET_MBPS} MB/s: ${yes(checkerMbps >= TARGET_MBPS)} (wall), ` +
    `${yes(checkerCpuMbps >= TARGET_MBPS)} (CPU time)`,
);
console.log(
  `  target p99 < ${TARGET_P99_MS} ms on 5 KB: ${yes(p99 < TARGET_P99_MS)} (wall), ${yes(cpuP99 < TARGET_P99_MS)} (CPU time)`,
);
if (load > availableParallelism()) {
  console.log(
    '  note: the load average exceeds the CPU count; wall-clock figures include waiting for other processes',
  );
}
