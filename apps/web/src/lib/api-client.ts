import { errorResponseSchema, INTERNAL_ERROR_MESSAGE, isErrorCode } from '@parley/contracts';
import { BUILD_HEADER, noteServedBuild } from './app-version';

/** Codes the client gives failures that did not come with the server's error envelope. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'HTTP_ERROR' | 'INVALID_RESPONSE';

/**
 * A failed API call. `isFromServer` is true when the server answered with its error envelope
 * (docs/api.md), so `message` is a text meant for users; otherwise `message` is for logs only.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly requestId: string | undefined;
  readonly isFromServer: boolean;
  /** The server's Retry-After (a 429 or 503), in seconds; undefined when it sent none. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    requestId?: string | undefined;
    isFromServer: boolean;
    retryAfterSeconds?: number | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.requestId = init.requestId;
    this.isFromServer = init.isFromServer;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** A Retry-After header given in seconds (Parley's form); undefined when absent or not a count. */
export function retryAfterSecondsOf(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** Turns a non-2xx response body into an ApiError, whether or not it is the error envelope. */
export function parseApiError(status: number, body: unknown, retryAfterSeconds?: number): ApiError {
  const envelope = errorResponseSchema.safeParse(body);
  if (envelope.success) {
    const { code, message, fields, requestId } = envelope.data.error;
    return new ApiError({ status, code, message, fields, requestId, isFromServer: true, retryAfterSeconds });
  }
  return new ApiError({
    status,
    code: 'HTTP_ERROR' satisfies ClientErrorCode,
    message: `Request failed with status ${status}`,
    isFromServer: false,
  });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What the address names is not there: a 404, or a 400 refusing only the address's id. A malformed id
 * (/projects/not-a-uuid) names nothing, so a page shows it like an unknown one; the API keeps its 400.
 */
export function isNotFound(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.status === 404) return true;
  const fields = Object.keys(error.fields ?? {});
  return error.code === 'VALIDATION_FAILED' && fields.length === 1 && fields[0] === 'id';
}

/** Signed out, or the session expired (401). */
export function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && error.code === 'UNAUTHENTICATED';
}

/**
 * A failure the catalogue has no text for (an unknown code, or INTERNAL): its message is not for users,
 * so a sentence of ours stands in, with the request id that leads to the server's log line.
 */
function isUnexpected(error: ApiError): boolean {
  return !isErrorCode(error.code) || error.code === 'INTERNAL' || !error.message;
}

function withReference(text: string, requestId: string | undefined): string {
  if (!requestId) return text;
  return text.endsWith('.')
    ? `${text.slice(0, -1)} (reference ${requestId}).`
    : `${text} (reference ${requestId})`;
}

/**
 * The server's own text for a failure, when it answered with its error envelope and a code of the
 * catalogue (packages/contracts ERROR_CODES; a 404 included: "Message not found." says more than any
 * fallback). Any other code gets the catalogue's generic sentence with the request id. Undefined for
 * network failures and answers without the envelope (a missing API route, a proxy's HTML page).
 */
export function getServerMessage(error: unknown): string | undefined {
  if (!isApiError(error) || !error.isFromServer) return undefined;
  return isUnexpected(error) ? withReference(INTERNAL_ERROR_MESSAGE, error.requestId) : error.message;
}

/**
 * The text to show for a failure: the server's message when it sent one of the catalogue, else the
 * given fallback (with the request id when the server answered with something unexpected).
 */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.isFromServer && isUnexpected(error)) {
    return withReference(fallback, error.requestId);
  }
  return getServerMessage(error) ?? fallback;
}

/**
 * A toast's description under its own title: the server's text, unless it only repeats the title
 * (the server often answers with the very failure text the title already says).
 */
export function getErrorDetail(error: unknown, title: string): string | undefined {
  const message = getServerMessage(error);
  return message === title ? undefined : message;
}

/** Anything with a zod-like `parse`: the contracts' schemas validate responses at the boundary. */
export type ResponseParser<T> = { parse(data: unknown): T };

type RequestOptions<T> = {
  body?: unknown;
  signal?: AbortSignal | undefined;
  parser?: ResponseParser<T>;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one place that talks to the server. The session is an httpOnly cookie: requests go out with
 * `credentials: 'same-origin'`, and no token is ever kept in JavaScript. State-changing requests are
 * JSON (the server refuses any other content type there, as part of its CSRF defence).
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const isStateChanging = method !== 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (isStateChanging) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: isStateChanging ? JSON.stringify(options.body ?? {}) : null,
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR' satisfies ClientErrorCode,
      message: 'The server could not be reached',
      isFromServer: false,
    });
  }

  noteServedBuild(response.headers.get(BUILD_HEADER));
  const body = await readJson(response);
  if (!response.ok) {
    throw parseApiError(
      response.status,
      body.value,
      retryAfterSecondsOf(response.headers.get('retry-after')),
    );
  }
  const invalidResponse = new ApiError({
    status: response.status,
    code: 'INVALID_RESPONSE' satisfies ClientErrorCode,
    message: `Unexpected response from ${method} ${path}`,
    isFromServer: false,
  });
  if (!body.isJson) throw invalidResponse;
  if (!options.parser) return body.value as T;
  try {
    return options.parser.parse(body.value);
  } catch {
    throw invalidResponse;
  }
}

/** An empty body counts as JSON `undefined` (204, or a bare 200); anything else must parse. */
async function readJson(response: Response): Promise<{ isJson: boolean; value: unknown }> {
  const text = await response.text();
  if (!text) return { isJson: true, value: undefined };
  try {
    return { isJson: true, value: JSON.parse(text) };
  } catch {
    return { isJson: false, value: undefined };
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    apiRequest<T>('DELETE', path, { ...options, body }),
};
