/**
 * The model's features of a corpus line, as `check()` would see them: a line is occasionally two short
 * sentences, and its label is about the whole, so its sentences are read as one, with the tags the
 * sentence layer gives each of them (frames found and not cleared, 'hedged', the context that cleared a
 * rule match), from the sentence layer itself (`readSentenceLayer`) reading every sentence.
 */
import { check, FORWARD_RULES } from '../src/check';
import { defaultPolicy } from '../src/defaults';
import { FRAME_DEFS } from '../src/frames/defs';
import { type FrameSettings, type RuleSpan, readSentenceLayer } from '../src/frames/layer';
import { sentenceFeatures } from '../src/model/features';
import type { Sentence } from '../src/sentences';
import { tokenize } from '../src/tokenize';

const policy = defaultPolicy();
/** Every frame on: the tags do not depend on an organisation's severities. */
const SETTINGS: FrameSettings = new Map(FRAME_DEFS.map((def) => [def.id, { severity: def.severity }]));

export function lineFeatures(text: string): string[] {
  const spans: RuleSpan[] = check(text, policy, { layers: 'rules' }).flags.map((f) => ({
    start: f.start,
    end: f.end,
    forward: FORWARD_RULES.has(f.rule),
  }));
  const { read } = readSentenceLayer(text, tokenize(text), spans, SETTINGS, policy.disclaimer);
  const first = read[0]?.sentence;
  const last = read[read.length - 1]?.sentence;
  if (!first || !last) return [];
  const whole: Sentence = {
    start: first.start,
    end: last.end,
    text: text.slice(first.start, last.end),
    words: read.flatMap((r) => r.sentence.words),
  };
  const tags = new Set(read.flatMap((r) => r.tags));
  return sentenceFeatures(whole, [...tags].sort());
}
