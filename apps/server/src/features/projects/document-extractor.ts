import { Worker } from 'node:worker_threads';
import {
  EXTRACTED_TEXT_MAX_CHARS,
  EXTRACTION_MAX_HEAP_MB,
  EXTRACTION_QUEUE_MAX,
  EXTRACTION_TIMEOUT_MS,
  EXTRACTION_WORKER_START_TIMEOUT_MS,
  PDF_MAX_INFLATED_BYTES,
} from './document-limits';
import { type DocumentKind, type ExtractedText, ExtractionError } from './document-text';
import type { ExtractionJob } from './extraction-worker';

export type ExtractionLimits = {
  startTimeoutMs: number;
  timeoutMs: number;
  maxHeapMb: number;
  maxInflatedBytes: number;
  maxTextChars: number;
  /** Jobs admitted at once, waiting or running (admit refuses the next). */
  maxQueued: number;
};

/** A place in the extractor's queue: `extract` uses it, `release` gives it back unused. */
export type ExtractionTicket = {
  extract(kind: DocumentKind, bytes: Uint8Array): Promise<ExtractedText>;
  release(): void;
};

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  startTimeoutMs: EXTRACTION_WORKER_START_TIMEOUT_MS,
  timeoutMs: EXTRACTION_TIMEOUT_MS,
  maxHeapMb: EXTRACTION_MAX_HEAP_MB,
  maxInflatedBytes: PDF_MAX_INFLATED_BYTES,
  maxTextChars: EXTRACTED_TEXT_MAX_CHARS,
  maxQueued: EXTRACTION_QUEUE_MAX,
};

type WorkerAnswer = { ready: true } | { text: ExtractedText } | { failure: string | null };

/**
 * Extracts document text in a worker thread, one document at a time, so an upload built to exhaust a
 * parser costs its own job and nothing else (docs/decisions/037-untrusted-files.md): the worker has a
 * heap limit, and a job past its time is ended by terminating the worker. One worker is kept between
 * jobs (starting one costs more than most extractions) and replaced after a job that killed it.
 */
export class DocumentExtractor {
  readonly limits: ExtractionLimits;
  #worker: Worker | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #running = false;
  #admitted = 0;

  constructor(limits: Partial<ExtractionLimits> = {}) {
    this.limits = { ...DEFAULT_EXTRACTION_LIMITS, ...limits };
  }

  /** Whether a job is being extracted now. */
  get isBusy(): boolean {
    return this.#running;
  }

  /** Jobs admitted and not yet ended, waiting or running. */
  get queued(): number {
    return this.#admitted;
  }

  /**
   * A place in the queue, or null when `maxQueued` jobs already wait or run: an upload asks before it
   * stores anything, so a refused one leaves nothing behind. The place is freed when its job ends or
   * on `release` (idempotent), whichever comes first.
   */
  admit(): ExtractionTicket | null {
    if (this.#admitted >= this.limits.maxQueued) return null;
    this.#admitted++;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.#admitted--;
    };
    return { extract: (kind, bytes) => this.#enqueue(kind, bytes).finally(release), release };
  }

  /**
   * The text of a document, after the jobs queued before it; rejects with an ExtractionError. Counted
   * in the queue but never refused: for callers that are not a request (the seed, benchmarks).
   */
  extract(kind: DocumentKind, bytes: Uint8Array): Promise<ExtractedText> {
    this.#admitted++;
    return this.#enqueue(kind, bytes).finally(() => {
      this.#admitted--;
    });
  }

  #enqueue(kind: DocumentKind, bytes: Uint8Array): Promise<ExtractedText> {
    const job = this.#queue.then(() => this.#run(kind, bytes));
    this.#queue = job.catch(() => undefined);
    return job;
  }

  /** Ends the worker (at shutdown); a later job starts a new one. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    await worker?.terminate();
  }

  /** A worker whose parsers are loaded; starting one may take seconds on a busy machine. */
  #ready(): Promise<Worker> {
    if (this.#worker) return Promise.resolve(this.#worker);
    // No flags of the parent's (from the sources the entry loads tsx itself; compiled, the entry is
    // the built worker beside the server's own file): the worker starts the same from the server and
    // from the test runner.
    const worker = new Worker(new URL('./extraction-worker.mjs', import.meta.url), {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxHeapMb },
    });
    // A worker that ends between jobs is forgotten, so the next job does not wait on a dead one.
    worker.once('exit', () => {
      if (this.#worker === worker) this.#worker = null;
    });
    const seconds = Math.round(this.limits.startTimeoutMs / 1000);
    return this.#watch(
      worker,
      this.limits.startTimeoutMs,
      `The document reader did not start within ${seconds} seconds.`,
      {
        onAnswer: (answer, settle) => ('ready' in answer ? settle(() => worker, false) : undefined),
      },
    ).then(() => {
      this.#worker = worker;
      return worker;
    });
  }

  /**
   * Waits on a worker for one answer, its time limit, its death past the heap limit or its exit; a
   * worker that timed out or died is terminated and forgotten, so the next job gets a fresh one.
   */
  #watch<T>(
    worker: Worker,
    timeoutMs: number,
    timeoutMessage: string,
    handler: {
      onAnswer: (answer: WorkerAnswer, settle: (value: () => T, broken: boolean) => void) => void;
    },
  ): Promise<T> {
    const { maxHeapMb } = this.limits;
    // A worker waited on keeps the process alive; an idle one must not.
    worker.ref();
    return new Promise<T>((resolve, reject) => {
      const settle = (value: () => T, broken: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (broken) {
          if (this.#worker === worker) this.#worker = null;
          void worker.terminate();
        } else {
          worker.unref();
        }
        try {
          resolve(value());
        } catch (error) {
          reject(error);
        }
      };
      const fail = (message: string) =>
        settle(() => {
          throw new ExtractionError(message);
        }, true);
      const onMessage = (answer: WorkerAnswer) => handler.onAnswer(answer, settle);
      const onError = (error: Error & { code?: string }) =>
        fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `Reading the document needed more than ${maxHeapMb} MB of memory, so it was stopped. It may be damaged or built to overload the server.`
            : 'The document could not be read. It may be damaged.',
        );
      const onExit = () => fail('The document could not be read. It may be damaged.');
      const timer = setTimeout(() => fail(timeoutMessage), timeoutMs);
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
  }

  async #run(kind: DocumentKind, bytes: Uint8Array): Promise<ExtractedText> {
    const { maxInflatedBytes, maxTextChars } = this.limits;
    const worker = await this.#ready();
    this.#running = true;
    try {
      const answer = this.#watch<ExtractedText>(
        worker,
        this.limits.timeoutMs,
        `Reading the document took longer than ${Math.round(this.limits.timeoutMs / 1000)} seconds, so it was stopped. It may be damaged or built to overload the server.`,
        {
          onAnswer: (answer, settle) => {
            if ('text' in answer) settle(() => answer.text, false);
            else if ('failure' in answer) {
              const failure = answer.failure ?? 'The document could not be read. It may be damaged.';
              settle(() => {
                throw new ExtractionError(failure);
              }, false);
            }
          },
        },
      );
      const job: ExtractionJob = { kind, bytes, budget: { maxInflatedBytes, maxTextChars } };
      worker.postMessage(job);
      return await answer;
    } finally {
      this.#running = false;
    }
  }
}

let shared: DocumentExtractor | null = null;

/** The process's one extractor (one document at a time per instance), made when first needed. */
export function sharedDocumentExtractor(): DocumentExtractor {
  shared ??= new DocumentExtractor();
  return shared;
}
