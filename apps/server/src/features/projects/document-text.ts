import path from 'node:path';
import { constants, inflateSync } from 'node:zlib';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { EXTRACTED_TEXT_MAX_CHARS, PDF_MAX_INFLATED_BYTES } from './document-limits';

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

/** What one extraction may produce (docs/decisions/037-untrusted-files.md). */
export type ExtractionBudget = { maxInflatedBytes: number; maxTextChars: number };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Refuses a PDF whose compressed streams inflate to more than the budget, before pdf.js reads it:
 * pdf.js keeps inflated streams in buffers outside the worker's heap limit. Each `stream … endstream`
 * body is inflated by zlib with a cap on its output; one that is not zlib data is left to pdf.js.
 */
function checkPdfInflation(bytes: Uint8Array, maxInflatedBytes: number) {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let inflated = 0;
  for (let at = pdf.indexOf('stream'); at >= 0; at = pdf.indexOf('stream', at + 1)) {
    if (pdf.subarray(Math.max(0, at - 3), at).toString('latin1') === 'end') continue;
    const start = at + (pdf[at + 6] === 0x0d ? 8 : 7);
    const stop = pdf.indexOf('endstream', start);
    if (stop < 0) break;
    try {
      inflated += inflateSync(pdf.subarray(start, stop), {
        maxOutputLength: maxInflatedBytes - inflated + 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      }).length;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') inflated = maxInflatedBytes + 1;
    }
    if (inflated > maxInflatedBytes) {
      throw new ExtractionError(
        `The PDF unpacks to more than ${megabytes(maxInflatedBytes)}, so it was not read. Save it again without unusual compression, or split it.`,
      );
    }
    at = stop;
  }
}

function checkTextLength(extracted: ExtractedText, maxTextChars: number): ExtractedText {
  const chars = extracted.pages.reduce((n, p) => n + p.text.length, 0);
  if (chars > maxTextChars) {
    throw new ExtractionError(
      `The document holds more than ${maxTextChars.toLocaleString('en')} characters of text, so it was not indexed. Split it into smaller documents.`,
    );
  }
  return extracted;
}

/**
 * The text of an upload. Runs inside the extraction worker (document-extractor.ts), never on the
 * server's own thread: the parsers below meet untrusted files.
 */
export async function extractDocumentText(
  kind: DocumentKind,
  bytes: Uint8Array,
  budget: ExtractionBudget = {
    maxInflatedBytes: PDF_MAX_INFLATED_BYTES,
    maxTextChars: EXTRACTED_TEXT_MAX_CHARS,
  },
): Promise<ExtractedText> {
  return checkTextLength(await extractUnchecked(kind, bytes, budget), budget.maxTextChars);
}

async function extractUnchecked(
  kind: DocumentKind,
  bytes: Uint8Array,
  budget: ExtractionBudget,
): Promise<ExtractedText> {
  if (kind === 'pdf') {
    checkPdfInflation(bytes, budget.maxInflatedBytes);
    let pages: string[];
    try {
      const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
      pages = (await extractText(pdf, { mergePages: false })).text;
    } catch (error) {
      throw new ExtractionError(
        `The PDF could not be read (${error instanceof Error ? error.message : 'unknown error'}). It may be damaged or password-protected.`,
      );
    }
    return { pages: pages.map((text, i) => ({ page: i + 1, text })), pageCount: pages.length };
  }
  if (kind === 'docx') {
    try {
      const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
      return { pages: [{ page: null, text: result.value }], pageCount: null };
    } catch (error) {
      throw new ExtractionError(
        `The Word document could not be read (${error instanceof Error ? error.message : 'unknown error'}). It may be damaged.`,
      );
    }
  }
  return { pages: [{ page: null, text: Buffer.from(bytes).toString('utf8') }], pageCount: null };
}

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
