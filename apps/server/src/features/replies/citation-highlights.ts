import { eachContentWord, MARKER, markersIn, sentencesOf, stemOf } from './claim-text';

/**
 * The supporting words of each citation (docs/api.md, citations): where a cited passage holds a content
 * word (claim-text.ts: its crude stem) or a figure that the draft's sentences carrying that citation's
 * [n] also hold. Computed here so the web only paints the ranges. Pure.
 */

export type Highlight = { start: number; end: number };

/**
 * A figure as written: digits with inner '.' or ',' ('0.1450', '1,250'), not after a letter ('Q3' is a
 * word), with a currency sign before it or '%' after it; compared by its digits alone, without commas.
 */
const FIGURE = /(?<![\p{L}\d.,])[$€£¥]?(\d+(?:[.,]\d+)*)%?/gu;

function figureKey(digits: string): string {
  return digits.replaceAll(',', '');
}

/** What the sentences citing one passage say: their content words' stems and their figures. */
type Support = { stems: Set<string>; figures: Set<string> };

/** Per citation number (1-based), the stems and figures of the draft's sentences that cite it. */
function supportByCitation(draftText: string): Map<number, Support> {
  const support = new Map<number, Support>();
  for (const sentence of sentencesOf(draftText)) {
    const numbers = markersIn(draftText, sentence);
    if (numbers.length === 0) continue;
    const words = draftText.slice(sentence.start, sentence.end).replace(MARKER, ' ');
    for (const n of new Set(numbers)) {
      let entry = support.get(n);
      if (!entry) {
        entry = { stems: new Set(), figures: new Set() };
        support.set(n, entry);
      }
      const { stems, figures } = entry;
      eachContentWord(words, (word) => stems.add(stemOf(word)));
      for (const [, digits = ''] of words.matchAll(FIGURE)) figures.add(figureKey(digits));
    }
  }
  return support;
}

/** The ranges of `passage` that hold a word or figure of `support`, in order, merged across spaces. */
function rangesIn(passage: string, support: Support): Highlight[] {
  const found: Highlight[] = [];
  eachContentWord(passage, (word, start, end) => {
    if (support.stems.has(stemOf(word))) found.push({ start, end });
  });
  for (const match of passage.matchAll(FIGURE)) {
    if (support.figures.has(figureKey(match[1] ?? ''))) {
      found.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  found.sort((a, b) => a.start - b.start);
  const merged: Highlight[] = [];
  for (const range of found) {
    const last = merged.at(-1);
    if (last && /^[ \t]*$/.test(passage.slice(last.end, range.start)))
      last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * For each citation, in order (the first is [1]), the supporting words' ranges in its passage text;
 * [] for a citation without text or that no sentence of the draft carries.
 */
export function citationHighlights(draftText: string, passages: readonly (string | null)[]): Highlight[][] {
  const support = supportByCitation(draftText);
  return passages.map((passage, index) => {
    const entry = support.get(index + 1);
    return passage && entry ? rangesIn(passage, entry) : [];
  });
}
