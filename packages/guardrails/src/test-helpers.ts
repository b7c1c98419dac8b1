import { check } from './check';
import { defaultPolicy } from './defaults';
import type { Flag, GuardrailPolicy } from './types';

/**
 * The rule and frame flags of `text` under the default policy (or `policy`), each checked against its
 * slice.
 */
export function flagsOf(text: string, policy: GuardrailPolicy = defaultPolicy()): Flag[] {
  // these tests are about the policy's rules and the frames: the classifier neither adds nor clears
  const flags = check(text, policy, { layers: 'frames' }).flags;
  for (const f of flags) {
    if (text.slice(f.start, f.end) !== f.term)
      throw new Error(`offsets of ${JSON.stringify(f)} do not match`);
  }
  return flags;
}

/** [rule, term, start, end] of each flag, for compact assertions. */
export function spans(text: string, policy?: GuardrailPolicy): [string, string, number, number][] {
  return flagsOf(text, policy).map((f) => [f.rule, f.term, f.start, f.end]);
}
