import { check } from './check';
import { defaultPolicy } from './defaults';
import type { Flag, GuardrailPolicy } from './types';

/**
 * The rule and frame flags of `text` under the default policy (or `policy`), each checked against its
 * slice.
 */
export function flagsOf(text: string, policy: GuardrailPolicy = defaultPolicy()): Flag[] {
  // the classifier reads every sentence whatever the policy; these tests are about the policy's rules
  const flags = check(text, policy).flags.filter((f) => !f.rule.startsWith('classifier:'));
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
