/**
 * Assigns a split to corpus lines that have none (`npm run split -w @parley/guardrails`), once: a line
 * that has a split keeps it and stays byte for byte as it is. The split comes from the SHA-256 of the
 * normalised text (60/20/20 train/dev/test, see `splitOf`); package-v1 and dismissals go to train.
 *
 * Lines of `corpus/dismissal.jsonl` in the Compliance center's export shape
 * (`{ text, label: 'clean', rule, severity, reason, origin: 'dismissal', dismissed_at }`) are completed
 * into corpus lines first (id, kind `dismissed`, hard, source).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadCorpus, normaliseText, readCorpusFiles, splitOf } from './corpus';

/** A dismissal export line as a corpus line (a cleared flag is a clean sentence that looked risky). */
function fromDismissal(o: Record<string, unknown>): Record<string, unknown> {
  if (typeof o.id === 'string') return o;
  const text = String(o.text ?? '');
  const hash = createHash('sha256').update(normaliseText(text)).digest('hex').slice(0, 10);
  const why = [o.rule, o.reason, o.dismissed_at].filter((v) => typeof v === 'string' && v !== '').join('; ');
  return {
    id: `dismissal-${hash}`,
    origin: 'dismissal',
    label: 'clean',
    kind: 'dismissed',
    hard: true,
    text,
    source: `cleared flag (${why})`,
  };
}

const files = readCorpusFiles();
/** Texts of the lines other than dismissals: a sentence cleared twice, or already in the corpus, is dropped. */
const seen = new Set<string>();
for (const { origin, lines } of files) {
  if (origin === 'dismissal') continue;
  for (const { value } of lines) seen.add(normaliseText(String((value as { text?: unknown })?.text ?? '')));
}
let assigned = 0;
let dropped = 0;
for (const { origin, file, lines } of files) {
  let changed = false;
  const out: string[] = [];
  for (const { raw, value } of lines) {
    let o = value as Record<string, unknown>;
    if (origin === 'dismissal') {
      const key = normaliseText(String(o?.text ?? ''));
      if (seen.has(key)) {
        changed = true;
        dropped++;
        continue;
      }
      seen.add(key);
    }
    if (typeof o !== 'object' || o === null || o.split !== undefined) {
      out.push(raw);
      continue;
    }
    if (origin === 'dismissal') o = fromDismissal(o);
    changed = true;
    assigned++;
    out.push(JSON.stringify({ ...o, split: splitOf(String(o.text ?? ''), origin) }));
  }
  if (changed) {
    writeFileSync(file, `${out.join('\n')}\n`);
    console.log(`${path.basename(file)}: splits assigned`);
  }
}
if (dropped > 0) console.log(`${dropped} dismissal lines dropped: their sentence is already in the corpus`);
// validate the result: throws with every problem found
const lines = loadCorpus();
const count = (split: string) => lines.filter((l) => l.split === split).length;
console.log(
  `${assigned} lines given a split; corpus: ${lines.length} lines, ` +
    `train ${count('train')}, dev ${count('dev')}, test ${count('test')}`,
);
