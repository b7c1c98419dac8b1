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

/** A paragraph of a diffed text, or a run of paragraphs that did not change, left out. */
export type DiffBlock = { kind: 'paragraph'; segments: DiffSegment[] } | { kind: 'unchanged'; count: number };

const PARAGRAPH_BREAK = /\n[ \t]*\n\s*/;

/**
 * The paragraphs (split at blank lines) of a diffed text that hold a changed word, each run of the
 * others folded into one `unchanged` block with its count: a long passage where one figure moved shows
 * that figure's paragraph, not the whole document.
 */
export function foldUnchangedParagraphs(segments: readonly DiffSegment[]): DiffBlock[] {
  const paragraphs: DiffSegment[][] = [[]];
  for (const segment of segments) {
    segment.text.split(PARAGRAPH_BREAK).forEach((text, i) => {
      if (i > 0) paragraphs.push([]);
      if (text) paragraphs.at(-1)?.push({ text, changed: segment.changed });
    });
  }
  const blocks: DiffBlock[] = [];
  for (const paragraph of paragraphs) {
    if (paragraph.length === 0) continue;
    if (paragraph.some((s) => s.changed && s.text.trim() !== '')) {
      // A paragraph's leading spaces belong to the break before it.
      const [first, ...rest] = paragraph;
      const trimmed = first ? [{ ...first, text: first.text.trimStart() }, ...rest] : rest;
      blocks.push({ kind: 'paragraph', segments: trimmed.filter((s) => s.text !== '') });
      continue;
    }
    const last = blocks.at(-1);
    if (last?.kind === 'unchanged') last.count += 1;
    else blocks.push({ kind: 'unchanged', count: 1 });
  }
  return blocks;
}
