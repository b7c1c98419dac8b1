import path from 'node:path';

/** Decision 013: the kinds of fund documents; each has its extension, stored content type and extractor. */
export type DocumentKind = 'pdf' | 'docx' | 'markdown' | 'text';

export const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  markdown: 'text/markdown',
  text: 'text/plain',
};

const KIND_OF_EXTENSION: Record<string, DocumentKind> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.md': 'markdown',
  '.txt': 'text',
};

/**
 * The kind of an upload, from its extension AND its first bytes: a PDF starts with %PDF-, a DOCX
 * is a ZIP (PK\x03\x04), text is valid UTF-8 without NUL bytes. Null when they disagree or are unknown.
 */
export function sniffKind(fileName: string, bytes: Uint8Array): DocumentKind | null {
  const kind = KIND_OF_EXTENSION[path.extname(fileName).toLowerCase()];
  if (!kind) return null;
  const head = Buffer.from(bytes.subarray(0, 5));
  if (kind === 'pdf') return head.toString('latin1') === '%PDF-' ? kind : null;
  if (kind === 'docx') return head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) ? kind : null;
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return kind;
  } catch {
    return null;
  }
}

/** Text of each page (one entry for formats without pages). */
export type ExtractedText = { pages: { page: number | null; text: string }[]; pageCount: number | null };

/** A parse failure worth telling the uploader about, in words for people. */
export class ExtractionError extends Error {}

/** Decision 013: passages aim for this many characters, never past the maximum. */
export const PASSAGE_TARGET_CHARS = 1000;
export const PASSAGE_MAX_CHARS = 1200;

/** Sentences of a paragraph; a sentence longer than the maximum is cut at a space. */
function piecesOf(paragraph: string): string[] {
  const sentences = paragraph.split(/(?<=[.!?])\s+/);
  const pieces: string[] = [];
  for (const raw of sentences) {
    let sentence = raw.trim();
    while (sentence.length > PASSAGE_MAX_CHARS) {
      const cut = sentence.lastIndexOf(' ', PASSAGE_MAX_CHARS);
      const at = cut > PASSAGE_MAX_CHARS / 2 ? cut : PASSAGE_MAX_CHARS;
      pieces.push(sentence.slice(0, at).trim());
      sentence = sentence.slice(at).trim();
    }
    if (sentence) pieces.push(sentence);
  }
  return pieces;
}

/** A line that stands on its own: a table row, a list item, a heading, a 'Label: value' line. */
const STRUCTURED_LINE = /^(?:[|#*•-]|\d+[.)]\s|[A-Z][^:.!?]{0,48}:\s)/;

/** A short line without closing punctuation before a capitalised one: a heading ('Eligibility'). */
function isHeadingLine(line: string, next: string): boolean {
  return !/[.,;:!?]$/.test(line) && line.split(' ').length <= 6 && /^[A-Z]/.test(next);
}

/**
 * A paragraph with its whitespace collapsed: lines that wrap a sentence are joined, but table rows,
 * list items, headings and 'Label: value' lines keep their own line, so the drafter can quote one
 * row or one item (docs/drafting-eval.md).
 */
function paragraphText(paragraph: string): string {
  const lines = paragraph
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  let text = '';
  lines.forEach((line, i) => {
    if (i === 0) {
      text = line;
      return;
    }
    const previous = lines[i - 1] ?? '';
    const own = STRUCTURED_LINE.test(line) || STRUCTURED_LINE.test(previous) || isHeadingLine(previous, line);
    text += own ? `\n${line}` : ` ${line}`;
  });
  return text;
}

/**
 * Passages of about PASSAGE_TARGET_CHARS characters, split on paragraph and then sentence
 * boundaries, never across pages, each remembering its page.
 */
export function splitIntoPassages(extracted: ExtractedText): { page: number | null; text: string }[] {
  const passages: { page: number | null; text: string }[] = [];
  for (const { page, text } of extracted.pages) {
    const paragraphs = text
      .replace(/\r\n?/g, '\n')
      .split(/\n\s*\n/)
      .map(paragraphText)
      .filter((p) => p.length > 0);
    let current = '';
    const flush = () => {
      if (current.trim()) passages.push({ page, text: current.trim() });
      current = '';
    };
    for (const paragraph of paragraphs) {
      const pieces =
        paragraph.length <= PASSAGE_MAX_CHARS ? [paragraph] : paragraph.split('\n').flatMap(piecesOf);
      pieces.forEach((piece, i) => {
        const between = i === 0 ? '\n\n' : paragraph.includes('\n') ? '\n' : ' ';
        const joined = current ? `${current}${between}${piece}` : piece;
        if (joined.length > PASSAGE_MAX_CHARS) {
          flush();
          current = piece;
        } else {
          current = joined;
        }
        if (current.length >= PASSAGE_TARGET_CHARS) flush();
      });
    }
    flush();
  }
  return passages;
}
