/**
 * The limits on parsing an uploaded fund document, all in one place
 * (docs/decisions/037-untrusted-files.md). Uploads are untrusted: a small file may unpack to far more
 * than it weighs, or make a parser spin, so each limit bounds what one upload can cost.
 */

/** A DOCX (a ZIP) whose entries add up to more than this, uncompressed, is refused before inflating. */
export const ZIP_MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;

/**
 * A DOCX whose uncompressed size is more than this many times its compressed size is refused: Word's
 * XML compresses about 5–20 times, pictures hardly at all; a ZIP bomb compresses hundreds of times.
 */
export const ZIP_MAX_COMPRESSION_RATIO = 100;

/** Entries of a DOCX: a long report has a few dozen, one per picture; thousands is an attack. */
export const ZIP_MAX_ENTRIES = 1000;

/**
 * Documents waiting or being read on one instance. The next upload or re-index is answered 503 before
 * anything is stored: each waiting upload holds its bytes in memory and its caller's request open.
 */
export const EXTRACTION_QUEUE_MAX = 8;

/** The Retry-After of that 503: about what reading a queue of ordinary documents takes. */
export const EXTRACTION_RETRY_AFTER_SECONDS = 60;

/** Text extraction of one document is stopped (its worker terminated) after this long. */
export const EXTRACTION_TIMEOUT_MS = 60_000;

/**
 * Starting the extraction worker (loading pdf.js and mammoth) is not counted in a job's time; a worker
 * that is not ready after this long is given up, and the document marked failed.
 */
export const EXTRACTION_WORKER_START_TIMEOUT_MS = 60_000;

/** The extraction worker's JavaScript heap; past it the worker is ended, never the server. */
export const EXTRACTION_MAX_HEAP_MB = 512;

/**
 * What the streams of one PDF may inflate to in all: a PDF's compressed streams are read with this
 * cap before pdf.js sees them, because pdf.js holds inflated streams outside the heap limit above.
 */
export const PDF_MAX_INFLATED_BYTES = 256 * 1024 * 1024;

/** Characters of text one document may yield (a 10 MB upload of plain prose is 10 million). */
export const EXTRACTED_TEXT_MAX_CHARS = 20_000_000;
