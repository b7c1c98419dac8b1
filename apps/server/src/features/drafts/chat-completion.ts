import { DrafterFailure, type DrafterFailureDiagnosis } from './drafter-failure';

/**
 * One OpenAI-compatible chat completion with an honest failure for each cause, retried where a retry
 * can help (docs/decisions/025-honest-remote-drafter.md).
 */

export type ChatMessage = { role: 'system' | 'user'; content: string };

export type ChatCompletionOptions = {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  /** Decision 014: one attempt gets 20 s. */
  timeoutMs?: number;
  /** Decision 025: every attempt and every wait between them fit in 30 s. */
  budgetMs?: number;
  /** Decision 025: the first request and up to three retries. */
  maxAttempts?: number;
  /** The first backoff; each next one doubles (1 s, 2 s, 4 s). */
  backoffMs?: number;
  /** Waits between attempts; tests pass one that records the wait and returns at once. */
  wait?: (ms: number) => Promise<void>;
  /** Milliseconds on a monotonic clock, for the budget; tests add the waits they skipped. */
  now?: () => number;
  /** The wall clock, for a Retry-After given as an HTTP date. */
  wallClock?: () => number;
};

export const CHAT_COMPLETION_DEFAULTS = {
  timeoutMs: 20_000,
  budgetMs: 30_000,
  maxAttempts: 4,
  backoffMs: 1_000,
} as const;

/** A retry is not worth starting with less time than this left in the budget. */
const MIN_ATTEMPT_MS = 1_000;

/** Decision 025: a draft is a few paragraphs; the cap stops a runaway answer, not a real one. */
export const DRAFT_MAX_TOKENS = 800;
/**
 * Decision 025: low, so the model keeps to the passages' wording; not zero, so 'Try again' after a refused
 * answer can bring a different one.
 */
export const DRAFT_TEMPERATURE = 0.2;

/** The socket broke after it was open: the service or a proxy dropped it, and a new try may work. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

type Outcome =
  | { kind: 'answer'; body: unknown }
  | { kind: 'status'; status: number; retryAfter: string | null; serviceError: string | undefined }
  | { kind: 'timeout'; limitMs: number }
  | { kind: 'network'; errno: string }
  | { kind: 'not-json' };

function isRetryable(outcome: Outcome): boolean {
  if (outcome.kind === 'status') return outcome.status === 429 || outcome.status === 503;
  return outcome.kind === 'network' && RESET_CODES.has(outcome.errno);
}

/**
 * Retry-After in milliseconds (RFC 9110 §10.2.3: delay-seconds or an HTTP date); null when absent or
 * unreadable.
 */
export function retryAfterMs(header: string | null, wallClock: () => number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - wallClock());
}

/** The errno of a failed fetch (undici puts it on `cause`, sometimes one level deeper). */
function errnoOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return 'unknown network error';
}

/** The short code or type of an OpenAI-style error body ('invalid_api_key'), never its free text. */
function serviceErrorOf(raw: string): string | undefined {
  try {
    const error = (JSON.parse(raw) as { error?: { code?: unknown; type?: unknown } })?.error;
    const value = typeof error?.code === 'string' ? error.code : error?.type;
    return typeof value === 'string' && /^[\w.-]{1,64}$/.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

async function attempt(url: string, init: RequestInit, limitMs: number): Promise<Outcome> {
  const signal = AbortSignal.timeout(limitMs);
  try {
    const res = await fetch(url, { ...init, signal });
    const raw = await res.text();
    if (!res.ok) {
      return {
        kind: 'status',
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        serviceError: serviceErrorOf(raw),
      };
    }
    try {
      return { kind: 'answer', body: JSON.parse(raw) };
    } catch {
      return { kind: 'not-json' };
    }
  } catch (error) {
    if (signal.aborted) return { kind: 'timeout', limitMs };
    return { kind: 'network', errno: errnoOf(error) };
  }
}

/** How many requests were sent, in how long: every failure's log line says it. */
type Effort = Pick<DrafterFailureDiagnosis, 'attempts' | 'elapsedMs'>;

/** The failure an outcome stands for; a timeout that follows busy answers is still 'busy'. */
function failureOf(
  outcome: Exclude<Outcome, { kind: 'answer' }>,
  previous: Outcome | undefined,
  base: Effort,
): DrafterFailure {
  switch (outcome.kind) {
    case 'status': {
      const diagnosis = { ...base, cause: `http ${outcome.status}`, serviceError: outcome.serviceError };
      const facts = { httpStatus: outcome.status };
      if (outcome.status === 401 || outcome.status === 403) {
        return new DrafterFailure('DRAFTER_AUTH_REFUSED', diagnosis, facts);
      }
      if (isRetryable(outcome)) return new DrafterFailure('DRAFTER_BUSY', diagnosis, facts);
      return new DrafterFailure('DRAFTER_SERVICE_ERROR', diagnosis, facts);
    }
    case 'timeout':
      if (previous?.kind === 'status' && isRetryable(previous)) {
        return new DrafterFailure(
          'DRAFTER_BUSY',
          { ...base, cause: `timeout after http ${previous.status}` },
          { httpStatus: previous.status },
        );
      }
      return new DrafterFailure(
        'DRAFTER_TIMEOUT',
        { ...base, cause: `timeout after ${outcome.limitMs} ms` },
        { timeoutSeconds: Math.max(1, Math.ceil(outcome.limitMs / 1000)) },
      );
    case 'network':
      return new DrafterFailure('DRAFTER_UNREACHABLE', { ...base, cause: outcome.errno });
    case 'not-json':
      return new DrafterFailure('DRAFTER_BAD_ANSWER', { ...base, cause: 'answer is not json' });
  }
}

/** The answer's text, or the failure that says why there is none. */
function contentOf(body: unknown, base: Effort): string {
  const choice = (body as { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] })
    ?.choices?.[0];
  const content = choice?.message?.content;
  if (typeof content !== 'string') {
    throw new DrafterFailure('DRAFTER_BAD_ANSWER', { ...base, cause: 'no choices[0].message.content' });
  }
  // Cut off at max_tokens: the end of the reply (often the part that qualifies it) is missing.
  if (choice?.finish_reason === 'length') {
    throw new DrafterFailure('DRAFTER_BAD_ANSWER', { ...base, cause: 'cut off at max_tokens' });
  }
  if (content.trim() === '')
    throw new DrafterFailure('DRAFTER_EMPTY_ANSWER', { ...base, cause: 'empty content' });
  return content;
}

/**
 * POSTs `${baseUrl}/chat/completions` and returns the first choice's content. Retries 429, 503 and
 * broken connections with exponential backoff (or the service's Retry-After) while the budget lasts;
 * everything else fails at once with its own DrafterFailure.
 */
export async function completeChat(options: ChatCompletionOptions, messages: ChatMessage[]): Promise<string> {
  const timeoutMs = options.timeoutMs ?? CHAT_COMPLETION_DEFAULTS.timeoutMs;
  const budgetMs = options.budgetMs ?? CHAT_COMPLETION_DEFAULTS.budgetMs;
  const maxAttempts = options.maxAttempts ?? CHAT_COMPLETION_DEFAULTS.maxAttempts;
  const backoffMs = options.backoffMs ?? CHAT_COMPLETION_DEFAULTS.backoffMs;
  const now = options.now ?? (() => performance.now());
  const wallClock = options.wallClock ?? Date.now;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const init: RequestInit = {
    method: 'POST',
    headers,
    body: JSON.stringify({
      model: options.model,
      messages,
      temperature: DRAFT_TEMPERATURE,
      max_tokens: DRAFT_MAX_TOKENS,
    }),
  };

  const started = now();
  let previous: Outcome | undefined;
  for (let attempts = 1; ; attempts++) {
    const left = budgetMs - (now() - started);
    const outcome = await attempt(url, init, Math.max(1, Math.min(timeoutMs, left)));
    const effort = { attempts, elapsedMs: Math.round(now() - started) };
    if (outcome.kind === 'answer') return contentOf(outcome.body, effort);
    if (isRetryable(outcome) && attempts < maxAttempts) {
      const asked = outcome.kind === 'status' ? retryAfterMs(outcome.retryAfter, wallClock) : null;
      const delay = asked ?? backoffMs * 2 ** (attempts - 1);
      if (now() - started + delay + MIN_ATTEMPT_MS <= budgetMs) {
        previous = outcome;
        await wait(delay);
        continue;
      }
    }
    throw failureOf(outcome, previous, effort);
  }
}
