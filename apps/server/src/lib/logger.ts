const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export type Logger = {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

/** JSON lines on stdout/stderr. Callers never pass tokens, passwords or cookies. */
export function createLogger(level: LogLevel): Logger {
  const threshold = LEVELS[level];
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[at] < threshold) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields });
    if (LEVELS[at] >= LEVELS.warn) process.stderr.write(`${line}\n`);
    else process.stdout.write(`${line}\n`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}

/** The logger with `fields` on every line: a request's id, so the operator finds the request's lines. */
export function withLogFields(logger: Logger, fields: Record<string, unknown>): Logger {
  return {
    debug: (m, f) => logger.debug(m, { ...fields, ...f }),
    info: (m, f) => logger.info(m, { ...fields, ...f }),
    warn: (m, f) => logger.warn(m, { ...fields, ...f }),
    error: (m, f) => logger.error(m, { ...fields, ...f }),
  };
}
