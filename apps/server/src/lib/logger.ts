const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;

export type Logger = {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
};

const REDACTED = '[redacted]';

/**
 * Fields whose value is never written, whatever it holds: credentials, addresses and the text of
 * mails, messages and drafts (investor correspondence). Matched on the field's name, at any depth:
 * names that contain one of the first, and names that are one of the second.
 */
const REDACTED_NAME_PARTS = /token|secret|passw|cookie|e-?mail|authori[sz]ation|api_?key/i;
const REDACTED_NAMES = new Set(
  [
    'to',
    'from',
    'cc',
    'bcc',
    'body',
    'text',
    'html',
    'subject',
    'content',
    'draft',
    'drafttext',
    'params',
  ].concat([
    'answer',
    'question',
    'name',
    'recipient',
    'headers',
    'raw',
    'rawmessage',
    'textbody',
    'htmlbody',
  ]),
);

function isRedactedName(name: string): boolean {
  return REDACTED_NAME_PARTS.test(name) || REDACTED_NAMES.has(name.toLowerCase().replace(/[_-]/g, ''));
}

/**
 * What is scrubbed out of every string written (messages, error texts, stacks), because errors carry
 * values their callers never meant to log. Order matters: the SQL parameters go first, whole.
 */
const SCRUBBERS: [RegExp, string][] = [
  // Drizzle's failed query: "params: <every bound value>" up to the stack (names, e-mails, message text).
  [/\bparams: [\s\S]*?(?=\n\s+at |$)/g, `params: ${REDACTED}`],
  // PostgreSQL's details: Key (email)=(someone@fund.example) already exists.
  [
    /\bKey \(([^)]*)\)=\([\s\S]*?\)(?= already exists| is not present| conflicts|\.|$)/g,
    `Key ($1)=(${REDACTED})`,
  ],
  // PostgreSQL's rejected input: invalid input syntax for type uuid: "…", value too long, and alike.
  [/(invalid input (syntax|value) for [^:]*: )"[^"]*"/g, `$1"${REDACTED}"`],
  [/(Failing row contains )\([\s\S]*?\)(?=\.|$)/g, `$1(${REDACTED})`],
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  [/((?:__Host-)?parley_session=)[^;\s"]+/g, `$1${REDACTED}`],
  [/([?&](?:token|code|key|secret|password)=)[^&\s"]+/gi, `$1${REDACTED}`],
  [/[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(\.[\w-]+)+/g, '[e-mail]'],
  // Bearer-style secrets of Parley's own making (tokens are 32 random bytes, base64url: 43 characters).
  // Mixed case sets them apart from hex digests (audit hashes, key ids), which are not secret.
  [/(?<![\w/-])(?=[\w-]*[A-Z])(?=[\w-]*[a-z])[A-Za-z0-9_-]{40,}(?![\w/-])/g, REDACTED],
];

export function scrubText(text: string): string {
  return SCRUBBERS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** The fields as they may be written: redacted by name, scrubbed by content, errors as plain data. */
export function redactFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return REDACTED;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) {
    return redactFields(
      { name: value.name, message: value.message, stack: value.stack, cause: value.cause },
      depth + 1,
    );
  }
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = isRedactedName(key) ? REDACTED : redactFields(item, depth + 1);
  }
  return out;
}

/** Where lines go: stdout below warn, stderr from warn up (tests pass their own). */
export type LogSink = (line: string, stream: 'stdout' | 'stderr') => void;

const processSink: LogSink = (line, stream) =>
  (stream === 'stderr' ? process.stderr : process.stdout).write(`${line}\n`);

/**
 * JSON lines. Every line goes through the redaction above, so a secret, a token, an address or
 * investor text that reaches a log call by accident (an error's SQL parameters) is not written.
 */
export function createLogger(level: LogLevel, sink: LogSink = processSink): Logger {
  const threshold = LEVELS[level];
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[at] < threshold) return;
    const safe = redactFields(fields ?? {}) as Record<string, unknown>;
    const line = JSON.stringify({
      time: new Date().toISOString(),
      level: at,
      message: scrubText(message),
      ...safe,
    });
    sink(line, LEVELS[at] >= LEVELS.warn ? 'stderr' : 'stdout');
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
