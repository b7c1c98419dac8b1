import type { ErrorResponse } from '@parley/contracts';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { AppEnv } from './env';

function render(c: Context<AppEnv>, error: AppError) {
  if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.retryAfterSeconds));
  const body: ErrorResponse = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
      requestId: c.get('requestId'),
    },
  };
  return c.json(body, error.status as ContentfulStatusCode);
}

/** The field name → first message map of a zod error: every bad field is named. */
export function fieldsOf(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.length > 0 ? issue.path.join('.') : 'body';
    fields[name] ??= issue.message;
  }
  return fields;
}

/** The defaultHook of the OpenAPI router: bad input is a 400 naming each field. */
export function validationHook(result: { success: boolean; error?: ZodError }, c: Context<AppEnv>) {
  if (!result.success && result.error) {
    return render(c, new AppError('VALIDATION_FAILED', { fields: fieldsOf(result.error) }));
  }
  return undefined;
}

/** One handler for every error: known ones become the envelope, unknown ones a bare 500 and a log line. */
export function createErrorHandler(logger: Logger) {
  return (err: Error, c: Context<AppEnv>) => {
    if (err instanceof AppError) return render(c, err);
    if (err instanceof HTTPException) {
      if (err.status === 413) return render(c, new AppError('PAYLOAD_TOO_LARGE'));
      if (err.status === 415) return render(c, new AppError('UNSUPPORTED_MEDIA_TYPE'));
      if (err.status === 400)
        return render(c, new AppError('VALIDATION_FAILED', { fields: { body: 'Malformed request body' } }));
    }
    logger.error('unhandled error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      error: err.stack ?? String(err),
    });
    return render(c, new AppError('INTERNAL'));
  };
}

export function apiNotFound(c: Context<AppEnv>) {
  return render(c, new AppError('NOT_FOUND'));
}
