/**
 * The claim check's speed (docs/decisions/026-claim-check.md): a 5 KB reply against 1,000 passages,
 * in the two shapes a check can take. Figures to watch, never pass/fail:
 * `node --import tsx bench/claim-check.ts` (from apps/server).
 */
import { type ClaimCheckInput, checkClaims } from '../src/features/replies/claim-check';

const TOPICS = [
  'distribution',
  'NAV',
  'management fee',
  'occupancy',
  'redemption',
  'capital call',
  'leverage',
];

/** About 400 characters with seven figures, like a chunk of a fact sheet or a quarterly letter. */
function passage(i: number): string {
  return `${TOPICS[i % 7]} update for quarter ${(i % 4) + 1}. The fund reported a ${TOPICS[(i + 3) % 7]} figure of ${(i % 97) / 10 + 1}% for the period ended 30 June 2025, compared with ${(i % 89) / 10}% a year earlier. Net assets were USD ${(i % 300) + 100} million and the fund held ${(i % 40) + 10} investments across ${(i % 7) + 3} sectors. Investors should read the offering memorandum; past performance is not a guide to future results.`;
}

const passages = Array.from({ length: 1000 }, (_, i) => ({ id: `p${i}`, text: passage(i) }));
const SENTENCES = [
  'The distribution figure was 1.0% for the period ended 30 June 2025 [1].',
  'Net assets were USD 101 million and the fund held 11 investments [2].',
  'The management fee figure was 4.5% a year [3].',
  'Occupancy was 97.2% at the end of June 2025.',
  'The fund has 14 investments across 6 sectors [4].',
];
let text = 'Dear Jane,\n\nThank you for your message about the fund.\n\n';
for (let i = 0; text.length < 5000; i += 1) text += `${SENTENCES[i % 5]}${i % 3 === 2 ? '\n\n' : ' '}`;
text += '\n\nKind regards,\nJohn Smith\n\nThis message is for information only.';

const cases: [string, ClaimCheckInput][] = [
  [
    'cites 5, nearest among 1,000',
    {
      text,
      sources: passages.slice(0, 5).map((p, i) => ({ n: i + 1, passageId: p.id, text: p.text })),
      fundPassages: passages,
    },
  ],
  [
    'cites 1,000 (no markers), nearest among them',
    {
      text: text.replace(/ \[\d\]/g, ''),
      sources: passages.map((p, i) => ({ n: i + 1, passageId: p.id, text: p.text })),
    },
  ],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

console.log(`reply ${text.length} characters, ${passages.length} passages`);
for (const [name, input] of cases) {
  const first = performance.now();
  const findings = checkClaims(input).length;
  const cold = performance.now() - first;
  for (let i = 0; i < 20; i += 1) checkClaims(input);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const started = performance.now();
    const usage = process.cpuUsage();
    checkClaims(input);
    const used = process.cpuUsage(usage);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  // On a shared machine the wall clock waits for other processes; CPU time is this call's own work.
  console.log(
    `${name}: ${findings} findings; first call ${cold.toFixed(1)} ms; wall p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms; CPU p50 ${percentile(cpu, 0.5).toFixed(1)} ms, p95 ${percentile(cpu, 0.95).toFixed(1)} ms`,
  );
}
