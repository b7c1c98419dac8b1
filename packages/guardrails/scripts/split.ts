/**
 * Assigns a split to corpus lines that have none (`npm run split -w @parley/guardrails`), once: a line
 * that has a split keeps it and stays byte for byte as it is. The split comes from the SHA-256 of the
 * normalised text (60/20/20 train/dev/test, see `splitOf`); package-v1 and dismissals go to train.
 *
 * Lines of `corpus/dismissal.jsonl` in the Compliance center's export shape
 * (`{ text, label: 'clean', rule, severity, reason, origin: 'dismissal', dismissed_at }`) are completed
 * into corpus lines first (id, kind `dismissed`, hard, source).
 */
import { assignSplits, loadCorpus } from './corpus';

const { assigned, dropped, files } = assignSplits();
for (const file of files) console.log(`${file}: splits assigned`);
if (dropped > 0) console.log(`${dropped} dismissal lines dropped: their sentence is already in the corpus`);
// validate the result: throws with every problem found
const lines = loadCorpus();
const count = (split: string) => lines.filter((l) => l.split === split).length;
console.log(
  `${assigned} lines given a split; corpus: ${lines.length} lines, ` +
    `train ${count('train')}, dev ${count('dev')}, test ${count('test')}`,
);
