/**
 * The model's features of a corpus line, as `check()` would see them: a line is occasionally two short
 * sentences, and its label is about the whole, so its sentences are read as one, with the tags the
 * sentence layer gives each of them (frames found and not cleared, 'hedged', the context that cleared a
 * rule match: see `readSentenceLayer` in src/frames/layer.ts, which this mirrors for whole sentences).
 */
import { check } from '../src/check';
import { defaultPolicy } from '../src/defaults';
import { clearingOf, hedged } from '../src/frames/context';
import { detectFrames } from '../src/frames/detect';
import { viewOf } from '../src/frames/view';
import { sentenceFeatures } from '../src/model/features';
import { readSentences, type Sentence } from '../src/sentences';

const policy = defaultPolicy();

/** The sentence layer's tags of one sentence, given the rule layer's matches in the text. */
function tagsOf(sentence: Sentence, spans: readonly { start: number; end: number }[]): string[] {
  const v = viewOf(sentence);
  const tags: string[] = [];
  if (hedged(v)) tags.push('hedged');
  for (const hit of detectFrames(v)) {
    if (!clearingOf(v, hit.from, hit.to)) tags.push(hit.frame);
  }
  for (const span of spans) {
    if (span.end <= sentence.start || span.start >= sentence.end) continue;
    const from = sentence.words.findIndex((w) => w.end > span.start);
    let to = from;
    while (to < sentence.words.length && (sentence.words[to]?.start ?? Infinity) < span.end) to++;
    if (from < 0 || to === from) continue;
    const clearing = clearingOf(v, from, to);
    if (clearing && !tags.includes(clearing)) tags.push(clearing);
  }
  return tags;
}

export function lineFeatures(text: string): string[] {
  const sentences = readSentences(text);
  const first = sentences[0];
  const last = sentences[sentences.length - 1];
  if (!first || !last) return [];
  const spans = check(text, policy, { layers: 'rules' }).flags;
  const whole: Sentence = {
    start: first.start,
    end: last.end,
    text: text.slice(first.start, last.end),
    words: sentences.flatMap((s) => s.words),
  };
  const tags = new Set(sentences.flatMap((s) => tagsOf(s, spans)));
  return sentenceFeatures(whole, [...tags].sort());
}
