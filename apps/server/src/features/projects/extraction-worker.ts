import { parentPort } from 'node:worker_threads';
import { type ExtractionBudget, extractDocumentText } from './document-extraction';
import { type DocumentKind, ExtractionError } from './document-text';

/** One job of document-extractor.ts; the answer is `{ text }` or `{ failure }` (null: no words for people). */
export type ExtractionJob = { kind: DocumentKind; bytes: Uint8Array; budget: ExtractionBudget };

parentPort?.on('message', async (job: ExtractionJob) => {
  try {
    const text = await extractDocumentText(job.kind, job.bytes, job.budget);
    parentPort?.postMessage({ text });
  } catch (error) {
    parentPort?.postMessage({ failure: error instanceof ExtractionError ? error.message : null });
  }
});

// The parsers are loaded: a job's time limit starts from here, not from the worker's start.
parentPort?.postMessage({ ready: true });
