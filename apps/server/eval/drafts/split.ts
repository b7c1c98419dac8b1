import { createHash } from 'node:crypto';

// docs/drafting-eval.md: the split is fixed once by each case's id: about 40% of every source is test,
// never read while tuning the drafter.

export function splitOf(id: string): 'dev' | 'test' {
  const byte = createHash('sha256').update(`parley-drafts-split:${id}`).digest()[0] ?? 0;
  return byte < 0.4 * 256 ? 'test' : 'dev';
}
