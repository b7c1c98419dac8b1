import fc from 'fast-check';
import { alternativesOf, type JsonSchema, type Operation, pathWith } from './api-inputs';

/**
 * Requests generated from a route's OpenAPI description for the API fuzzer (docs/api.md
 * 'Conventions'): mostly values that fit the schema, mixed with the hostile values the API must answer
 * with a 4xx — never a 5xx.
 */
export type FuzzRequest = {
  method: string;
  /** Path and query, already encoded. */
  url: string;
  contentType?: string;
  body?: string | Uint8Array;
};

/** A JSON literal no `JSON.stringify` writes (`1e309`, `2^63`): a marked string, unmarked after. */
const RAW = '«raw:';
const raw = (literal: string) => `${RAW}${literal}»`;
const RAW_IN_JSON = /"«raw:([^"»]*)»"/g;

export function toJson(value: unknown): string {
  return JSON.stringify(value).replaceAll(RAW_IN_JSON, '$1');
}

const MEGABYTE = 'x'.repeat(1024 * 1024);

/** The table of values that must never reach PostgreSQL unexamined, and their neighbours. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  ' \t\n\r ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'a\uDFFFb',
  '\uDC00\uD800',
  '\uFFFE\uFEFF',
  '\u202Eevil',
  'аdmin@example.com', // Cyrillic 'а'
  'admin@exаmple.com',
  'ADMIN@EXAMPLE.COM ',
  'a@b',
  '"; drop table users; --',
  '%00',
  '../../etc/passwd',
  '2026-02-30T25:61:00Z',
  '0000-00-00',
  'NaN',
  'x'.repeat(70_000),
];
const HOSTILE_NUMBERS = [raw('1e309'), raw('-1e309'), raw('9223372036854775808'), raw('-0'), raw('1e-400')];
const HOSTILE_OTHERS: unknown[] = [
  -1,
  0,
  1.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER + 2,
  null,
  true,
  [],
  [{}],
  {},
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_OTHERS) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE) },
);

function fittingString(schema: JsonSchema, knownIds: string[]): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  const maxLength = Math.min(schema.maxLength ?? 200, 200);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  if (schema.format === 'uuid') return fc.oneof(fc.uuid(), fc.constantFrom(...knownIds));
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'binary' }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );
}

function fittingValue(schema: JsonSchema, knownIds: string[], depth: number): fc.Arbitrary<unknown> {
  const alternatives = alternativesOf(schema);
  if (alternatives.length > 1) return fc.oneof(...alternatives.map((a) => drawValue(a, knownIds, depth)));
  switch (schema.type) {
    case 'string':
      return fittingString(schema, knownIds);
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? (schema.exclusiveMinimum ?? -(2 ** 31)) + 1,
        max: schema.maximum ?? 2 ** 31,
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? drawValue(schema.items, knownIds, depth + 1) : fc.anything(), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          drawValue(property, knownIds, depth + 1),
        ]),
      );
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value for the schema: usually one that fits, sometimes a hostile one in its place. */
function drawValue(schema: JsonSchema, knownIds: string[], depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: depth === 0 ? 3 : 6, arbitrary: fittingValue(schema, knownIds, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Percent-encodes text for a URL; an unpaired surrogate becomes the invalid UTF-8 bytes it would be. */
function encodeUrlPart(value: unknown): string {
  const text = typeof value === 'string' ? value.replaceAll(RAW_IN_TEXT, '$1') : toJson(value);
  return [...text]
    .map((char) => (/[\uD800-\uDFFF]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char)))
    .join('');
}
const RAW_IN_TEXT = /«raw:([^»]*)»/g;

const HOSTILE_PARAMS = [
  '%00',
  '%ED%A0%80',
  '%',
  '%ZZ',
  '..',
  '%2F',
  '-1',
  '9223372036854775808',
  '1e309',
  'x'.repeat(5000),
];

function paramOf(schema: JsonSchema, knownIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fittingValue(schema, knownIds, 0).map(encodeUrlPart) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_PARAMS) },
  );
}

function queryOf(operation: Operation, knownIds: string[]): fc.Arbitrary<string> {
  const entries = Object.entries(operation.query).map(([name, { schema }]) =>
    fc.option(drawValue(schema, knownIds), { nil: undefined, freq: 2 }).map((value) => {
      if (value === undefined) return [];
      if (Array.isArray(value)) return value.map((item) => `${name}=${encodeUrlPart(item)}`);
      return [`${name}=${encodeUrlPart(value)}`];
    }),
  );
  const unknown = fc.option(fc.constantFrom('x=1', 'q=%00', '%00=1', 'limit=1&limit=2', '__proto__=1'), {
    nil: undefined,
    freq: 8,
  });
  return fc.tuple(fc.tuple(...entries), unknown).map(([parts, extra]) => {
    const all = [...parts.flat(), ...(extra ? [extra] : [])];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}

/** The JSON text of a body, with a NUL or a number nothing can hold behind a duplicate key. */
function withDuplicateKey(text: string): string {
  if (!text.startsWith('{"')) return text;
  const key = /^\{"([^"]*)"/.exec(text)?.[1] ?? 'x';
  return `{"${key}":"\\u0000","${key}":1e309,${text.slice(1)}`;
}

type BodyPart = Pick<FuzzRequest, 'contentType' | 'body'>;

function bodyOf(schema: JsonSchema | undefined, knownIds: string[]): fc.Arbitrary<BodyPart> {
  const value = schema ? drawValue(schema, knownIds) : fc.constant({});
  const json = (contentType: string) => (body: string | Uint8Array) => ({ contentType, body });
  return fc.oneof(
    { weight: 12, arbitrary: value.map(toJson).map(json('application/json')) },
    { weight: 1, arbitrary: value.map((v) => toJson([v])).map(json('application/json')) },
    { weight: 1, arbitrary: value.map((v) => withDuplicateKey(toJson(v))).map(json('application/json')) },
    {
      weight: 1,
      arbitrary: value.map((v) => {
        const text = toJson(v);
        const bytes = Buffer.from(text.startsWith('{"') ? `{"${text.slice(2)}` : text);
        // Invalid UTF-8 (a lone continuation byte, an encoded surrogate) inside the first string.
        const at = Math.max(bytes.indexOf(0x22, 2), 0);
        return json('application/json; charset=utf-8')(
          new Uint8Array([...bytes.subarray(0, at), 0xff, 0xed, 0xa0, 0x80, ...bytes.subarray(at)]),
        );
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          value.map(toJson),
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            '',
          ),
        )
        .map(([body, contentType]) => ({ contentType, body })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{',
          '',
          'null',
          '1e309',
          '"\\ud800"',
          '[',
          '{"a":}',
          '\u0000',
          '{}{}',
          ' '.repeat(100),
          '{"__proto__":{"polluted":true}}',
        )
        .map(json('application/json')),
    },
  );
}

/** Requests of one route: its parameters, query and body drawn from its description. */
export function requestsOf(operation: Operation, knownIds: string[]): fc.Arbitrary<FuzzRequest> {
  const params = fc.record(
    Object.fromEntries(Object.entries(operation.params).map(([name, s]) => [name, paramOf(s, knownIds)])),
  );
  const hasBody = operation.method !== 'GET' && operation.method !== 'HEAD';
  return fc
    .tuple(params, queryOf(operation, knownIds), hasBody ? bodyOf(operation.body, knownIds) : fc.constant({}))
    .map(([values, query, body]) => ({
      method: operation.method,
      url: `${pathWith(operation.path, values as Record<string, string>)}${query}`,
      ...body,
    }));
}
