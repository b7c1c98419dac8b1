import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  getErrorDetail,
  getErrorMessage,
  getServerMessage,
  isNotFound,
  isUnauthenticated,
  parseApiError,
  retryAfterSecondsOf,
} from './api-client';

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseApiError', () => {
  it('reads the error envelope with its fields and request id', () => {
    const error = parseApiError(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are invalid.',
        fields: { email: 'Enter a valid email address' },
        requestId: 'req-1',
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Some fields are invalid.');
    expect(error.fields).toEqual({ email: 'Enter a valid email address' });
    expect(error.requestId).toBe('req-1');
    expect(error.isFromServer).toBe(true);
  });

  it('marks a body without the envelope as not from the server', () => {
    const error = parseApiError(502, '<html>Bad gateway</html>');
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.isFromServer).toBe(false);
  });
});

describe('getErrorMessage', () => {
  it("shows the server's message", () => {
    const error = parseApiError(401, {
      error: { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' },
    });
    expect(getErrorMessage(error, 'An error occurred during sign in')).toBe('Invalid credentials');
  });

  it('falls back for network failures and bodies without the envelope', () => {
    expect(getErrorMessage(new TypeError('fetch failed'), 'Fallback')).toBe('Fallback');
    expect(getErrorMessage(parseApiError(500, undefined), 'Fallback')).toBe('Fallback');
  });

  it("shows the server's message for a 404 that came with the error envelope", () => {
    const error = parseApiError(404, { error: { code: 'NOT_FOUND', message: 'Message not found.' } });
    expect(getErrorMessage(error, 'Fallback')).toBe('Message not found.');
    expect(getServerMessage(error)).toBe('Message not found.');
  });

  it('falls back for a 404 without the envelope: no such API route, or an HTML page', () => {
    expect(getErrorMessage(parseApiError(404, '<!doctype html><title>Not Found</title>'), 'F')).toBe('F');
    expect(getErrorMessage(parseApiError(404, undefined), 'F')).toBe('F');
    expect(getServerMessage(parseApiError(404, undefined))).toBeUndefined();
  });
});

describe('a server text outside the error catalogue', () => {
  it('never reaches the user: a code the catalogue does not know gets a sentence of ours and the request id', () => {
    const error = parseApiError(418, {
      error: { code: 'TEAPOT_OVERHEATED', message: 'relation "teapots" does not exist', requestId: 'req-7' },
    });
    expect(getServerMessage(error)).toBe('Something went wrong on our side (reference req-7).');
    expect(getErrorMessage(error, 'Failed to load messages')).toBe(
      'Failed to load messages (reference req-7)',
    );
  });

  it('shows an internal error as the generic sentence, whatever its message says', () => {
    const error = parseApiError(500, {
      error: { code: 'INTERNAL', message: 'TypeError: x is undefined', requestId: 'req-8' },
    });
    expect(getServerMessage(error)).toBe('Something went wrong on our side (reference req-8).');
  });
});

describe('getErrorDetail', () => {
  it('gives no description when the server only repeats the toast title', () => {
    const error = parseApiError(502, {
      error: { code: 'EMAIL_NOT_SENT', message: 'Failed to send test magic link' },
    });
    expect(getErrorDetail(error, 'Failed to send test magic link')).toBeUndefined();
    expect(getErrorDetail(error, 'Failed to update settings')).toBe('Failed to send test magic link');
  });
});

describe('isNotFound', () => {
  it('counts a malformed id like an unknown one, and no other refusal', () => {
    const badId = parseApiError(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are invalid.',
        fields: { id: 'Not a valid project id' },
      },
    });
    const badBody = parseApiError(400, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are invalid.',
        fields: { name: 'Name is required' },
      },
    });
    expect(isNotFound(badId)).toBe(true);
    expect(isNotFound(parseApiError(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }))).toBe(
      true,
    );
    expect(isNotFound(badBody)).toBe(false);
    expect(isNotFound(parseApiError(403, { error: { code: 'FORBIDDEN', message: 'x' } }))).toBe(false);
  });
});

describe('isUnauthenticated', () => {
  it('is true only for the UNAUTHENTICATED code, not for wrong credentials', () => {
    expect(isUnauthenticated(parseApiError(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } }))).toBe(
      true,
    );
    expect(
      isUnauthenticated(parseApiError(401, { error: { code: 'INVALID_CREDENTIALS', message: 'x' } })),
    ).toBe(false);
  });
});

describe('api', () => {
  it('sends state-changing requests as JSON with same-origin credentials', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.post('/api/auth/sign-in', { email: 'a@b.c', password: 'p' })).resolves.toEqual({
      ok: true,
    });

    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-in', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ email: 'a@b.c', password: 'p' }),
      signal: null,
    });
  });

  it('sends an empty JSON object when a state-changing request has no body', async () => {
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.post('/api/auth/sign-out')).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]?.[1].body).toBe('{}');
  });

  it('sends GET requests without a body or content type', async () => {
    const fetchMock = vi.fn(async (_path: string, _init: RequestInit) => jsonResponse(200, []));
    vi.stubGlobal('fetch', fetchMock);

    await api.get('/api/things');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeNull();
    expect(init?.headers).toEqual({ Accept: 'application/json' });
    expect(init?.credentials).toBe('same-origin');
  });

  it('throws the parsed ApiError for a non-2xx response, with its Retry-After', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(
        429,
        { error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait and try again.' } },
        { 'Retry-After': '30' },
      ),
    );
    await expect(api.post('/api/auth/sign-in', {})).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait and try again.',
      retryAfterSeconds: 30,
    });
  });

  it('reads Retry-After as seconds only: a date or nonsense is no count', () => {
    expect(retryAfterSecondsOf('120')).toBe(120);
    expect(retryAfterSecondsOf(null)).toBeUndefined();
    expect(retryAfterSecondsOf('Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
    expect(retryAfterSecondsOf('-5')).toBeUndefined();
  });

  it('turns a network failure into a NETWORK_ERROR', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(api.get('/api/auth/session')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('refuses a 2xx body that is not JSON or does not pass the parser', async () => {
    vi.stubGlobal('fetch', async () => new Response('<!doctype html>', { status: 200 }));
    await expect(api.get('/api/auth/session')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });

    vi.stubGlobal('fetch', async () => jsonResponse(200, { nope: true }));
    const parser = {
      parse(data: unknown): { yes: true } {
        if (typeof data === 'object' && data !== null && 'yes' in data) return { yes: true };
        throw new Error('invalid');
      },
    };
    await expect(api.get('/api/x', { parser })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
