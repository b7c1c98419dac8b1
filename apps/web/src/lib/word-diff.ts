/** A run of a text, marked when it is not in the other text. */
export type DiffSegment = { text: string; changed: boolean };

/** Beyond this many words a side, the texts are shown without marks (the table grows with the square). */
const MAX_WORDS = 1_000;

/** Words with the spaces before them kept, so the segments join back into the text as written. */
function tokensOf(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

function segmentsOf(tokens: readonly string[], isKept: readonly boolean[]): DiffSegment[] {
  const segments: DiffSegment[] = [];
  tokens.forEach((token, i) => {
    const changed = !isKept[i];
    const last = segments.at(-1);
    if (last && last.changed === changed) last.text += token;
    else segments.push({ text: token, changed });
  });
  return segments;
}

/**
 * The words of `before` that `after` lost and the words `after` gained, by the longest common
 * sequence of words (spacing ignored): what the Needs review queue highlights between the passage as
 * cited and as it reads now.
 */
export function diffWords(before: string, after: string): { before: DiffSegment[]; after: DiffSegment[] } {
  const a = tokensOf(before);
  const b = tokensOf(after);
  if (a.length > MAX_WORDS || b.length > MAX_WORDS) {
    return { before: [{ text: before, changed: false }], after: [{ text: after, changed: false }] };
  }
  const wordA = a.map((t) => t.trim());
  const wordB = b.map((t) => t.trim());
  const width = b.length + 1;
  // lcs[i * width + j]: the longest common sequence of a[i..] and b[j..].
  const lcs = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lcs[i * width + j] =
        wordA[i] === wordB[j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  const keptA = new Array<boolean>(a.length).fill(false);
  const keptB = new Array<boolean>(b.length).fill(false);
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (wordA[i] === wordB[j]) {
      keptA[i] = true;
      keptB[j] = true;
      i += 1;
      j += 1;
    } else if ((lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0)) i += 1;
    else j += 1;
  }
  return { before: segmentsOf(a, keptA), after: segmentsOf(b, keptB) };
}
