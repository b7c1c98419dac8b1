// Reading an upload's text with its parsers, apart from document-text.ts: only the extraction worker
// imports this module, so the server's own thread never loads the parsers
// (docs/decisions/037-untrusted-files.md, docs/decisions/045-compiled-server.md).
import { constants, inflateSync } from 'node:zlib';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { EXTRACTED_TEXT_MAX_CHARS, PDF_MAX_INFLATED_BYTES } from './document-limits';
import { type DocumentKind, type ExtractedText, ExtractionError } from './document-text';

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
