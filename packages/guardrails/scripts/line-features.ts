/**
 * The model's features of a corpus line, as `check()` would see them: a line is occasionally two short
 * sentences, and its label is about the whole, so its sentences are read as one.
 */

import { sentenceFeatures } from '../src/model/features';
import { readSentences, type Sentence } from '../src/sentences';

/** The frames the rule layer finds in a sentence (none until the frame layer exists). */
function framesOf(_sentence: Sentence): string[] {
  return [];
}

export function lineFeatures(text: string): string[] {
  const sentences = readSentences(text);
  const first = sentences[0];
  const last = sentences[sentences.length - 1];
  if (!first || !last) return [];
  const whole: Sentence = {
    start: first.start,
    end: last.end,
    text: text.slice(first.start, last.end),
    words: sentences.flatMap((s) => s.words),
  };
  return sentenceFeatures(whole, [...new Set(sentences.flatMap(framesOf))].sort());
}
