import type { ComplianceFlag } from '@parley/contracts';

/** The text cut into plain runs and flagged spans (overlapping flags keep the first, widest span). */
export function segmentsOf(
  text: string,
  flags: readonly ComplianceFlag[],
): ({ text: string; flag: null } | { text: string; flag: ComplianceFlag })[] {
  const sorted = [...flags]
    .filter((f) => f.start >= 0 && f.end <= text.length && f.end > f.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const segments: ({ text: string; flag: null } | { text: string; flag: ComplianceFlag })[] = [];
  let at = 0;
  for (const flag of sorted) {
    if (flag.start < at) continue;
    if (flag.start > at) segments.push({ text: text.slice(at, flag.start), flag: null });
    segments.push({ text: text.slice(flag.start, flag.end), flag });
    at = flag.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), flag: null });
  return segments;
}
