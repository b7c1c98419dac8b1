import { ERRORS, type ErrorCode } from '@parley/contracts';

/** The one error type a route or service throws; `onError` renders it as the error envelope. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    options: { message?: string; fields?: Record<string, string>; retryAfterSeconds?: number } = {},
  ) {
    super(options.message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;
}
