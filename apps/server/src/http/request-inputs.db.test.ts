import { ROLES, type Role, UNSTORABLE_TEXT_MESSAGE } from '@parley/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  callerRoleOf,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  pathWith,
  stringPlacesOf,
} from '../../test/api-inputs';
import { buildMessageInput, insertProject } from '../../test/factories';
import { createTestContext, json, TEST_ORIGIN } from '../../test/test-app';
import { apiRoutesOf } from './policy';

const ctx = await createTestContext();
let doc: OpenApiDocument;
let operations: Operation[];
const cookieOf = new Map<Role | 'anonymous', string | undefined>([['anonymous', undefined]]);
let orgId: string;

beforeAll(async () => {
  doc = await json(await ctx.request('GET', '/api/openapi.json'));
  operations = operationsOf(doc);
  orgId = await ctx.createOrg();
  for (const role of ROLES) cookieOf.set(role, (await ctx.signInAs(role, orgId)).cookie);
});

describe('the API description', () => {
  it('is OpenAPI 3.1 and lists every route the app serves under /api', () => {
    expect(doc.openapi).toBe('3.1.0');
    const described = new Set(operations.map((operation) => operation.key));
    // The description is the one route it does not describe.
    const served = apiRoutesOf(ctx.app.routes)
      .map((route) => route.key)
      .filter((key) => key !== 'GET /api/openapi.json');
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((key) => !described.has(key))).toEqual([]);
    expect([...described].filter((key) => !served.includes(key))).toEqual([]);
  });
});

/** A value of a path parameter that passes its schema, so only the field under test is wrong. */
function validParam(name: string, operation: Operation): string {
  const schema = operation.params[name];
  if (schema?.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema?.type === 'integer') return '1';
  return 'x';
}

describe('the string rule (docs/api.md Conventions)', () => {
  it('refuses a NUL or an unpaired surrogate in every string field of every route, naming the field', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const operation of operations) {
      const cookie = cookieOf.get(callerRoleOf(operation.key));
      const params = Object.fromEntries(
        Object.keys(operation.params).map((name) => [name, validParam(name, operation)]),
      );
      const cases: { field: string; path: string; body?: unknown }[] = [];
      for (const [name, schema] of Object.entries(operation.params))
        if (stringPlacesOf(schema).length > 0)
          cases.push({ field: name, path: pathWith(operation.path, { ...params, [name]: 'a%00b' }) });
      for (const [name, { schema }] of Object.entries(operation.query))
        if (stringPlacesOf(schema).length > 0)
          cases.push({ field: name, path: `${pathWith(operation.path, params)}?${name}=a%00b` });
      for (const place of operation.body ? stringPlacesOf(operation.body) : [])
        for (const text of ['a\u0000b', 'a\uD800b', '\uDFFF'])
          cases.push({
            field: place.path.join('.'),
            path: pathWith(operation.path, params),
            body: place.put(text),
          });
      for (const { field, path, body } of cases) {
        checked++;
        const res = await ctx.request(operation.method, path, { cookie, body });
        const fields = res.status === 400 ? (await json(res)).error.fields : undefined;
        if (fields?.[field] !== UNSTORABLE_TEXT_MESSAGE)
          failures.push(
            `${operation.key} ${field} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(fields)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });

  it('refuses a JSON body that is not UTF-8 instead of replacing its bytes', async () => {
    const bytes = new Uint8Array([...Buffer.from('{"name":"Ann'), 0xff, 0xc3, 0x28, ...Buffer.from('"}')]);
    const res = await ctx.app.request(`${TEST_ORIGIN}/api/profile`, {
      method: 'PATCH',
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        cookie: cookieOf.get('admin') ?? '',
      },
      body: bytes,
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ body: 'The body is not valid UTF-8' });
  });
});

/** A body sent as raw text or bytes, with its content type. */
type Raw = { raw: string | Uint8Array; contentType?: string };

const MEGABYTE = 'a'.repeat(1024 * 1024);
const INVALID_UTF8 = (prefix: string) =>
  new Uint8Array([...Buffer.from(prefix), 0xed, 0xa0, 0x80, 0xff, ...Buffer.from('"}')]);

/**
 * The hostile values of the issue, put in one field of a representative route, and the 4xx each
 * must answer.
 */
function badValues(field: string): { what: string; body: unknown | Raw; status: number }[] {
  return [
    { what: 'an empty string', body: { [field]: '' }, status: 400 },
    { what: 'only whitespace', body: { [field]: '   \t ' }, status: 400 },
    { what: 'a 1 MB string', body: { [field]: MEGABYTE }, status: 413 },
    { what: 'a NUL', body: { [field]: 'Ann\u0000Lee' }, status: 400 },
    { what: 'an unpaired surrogate', body: { [field]: 'Ann\uD800' }, status: 400 },
    { what: 'invalid UTF-8 bytes', body: { raw: INVALID_UTF8(`{"${field}":"Ann`) }, status: 400 },
    { what: '1e309', body: { raw: `{"${field}":1e309}` }, status: 400 },
    { what: 'a negative number', body: { [field]: -1 }, status: 400 },
    { what: '2^63', body: { raw: `{"${field}":9223372036854775808}` }, status: 400 },
    { what: 'an array for the object', body: [{ [field]: 'Ann' }], status: 400 },
    { what: 'an object for the string', body: { [field]: { text: 'Ann' } }, status: 400 },
    {
      what: 'a NUL in a duplicate key',
      body: { raw: `{"${field}":"Ann","${field}":"\\u0000"}` },
      status: 400,
    },
    {
      what: 'a wrong content type',
      body: { raw: `{"${field}":"Ann"}`, contentType: 'text/plain' },
      status: 415,
    },
    { what: 'no content type', body: { raw: `{"${field}":"Ann"}`, contentType: '' }, status: 415 },
    { what: 'malformed JSON', body: { raw: `{"${field}":` }, status: 400 },
  ];
}

function isRaw(body: unknown): body is Raw {
  return typeof body === 'object' && body !== null && 'raw' in body;
}

async function send(method: string, path: string, cookie: string | undefined, body: unknown) {
  if (!isRaw(body)) return ctx.request(method, path, { cookie, body });
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
  if (body.contentType !== '') headers['content-type'] = body.contentType ?? 'application/json';
  return ctx.app.request(`${TEST_ORIGIN}${path}`, { method, headers, body: body.raw });
}

describe('hostile values on representative routes', () => {
  const routes: {
    name: string;
    field: string;
    call: () => Promise<{ method: string; path: string; cookie?: string; valid: Record<string, unknown> }>;
    /** Values bad for this field only. */
    extra?: ReturnType<typeof badValues>;
  }[] = [
    {
      name: 'a profile name',
      field: 'name',
      call: async () => ({
        method: 'PATCH',
        path: '/api/profile',
        cookie: cookieOf.get('is_associate'),
        valid: {},
      }),
    },
    {
      name: 'a template title',
      field: 'title',
      call: async () => {
        const cookie = cookieOf.get('ir_director');
        const created = await json(
          await ctx.request('POST', '/api/compliance/templates', {
            cookie,
            body: { title: 'Thanks', body: 'Thank you.' },
          }),
        );
        return { method: 'PATCH', path: `/api/compliance/templates/${created.id}`, cookie, valid: {} };
      },
    },
    {
      name: 'a compose body',
      field: 'body_text',
      call: async () => {
        const projectId = await insertProject(ctx.db, { orgId });
        const valid = { ...buildMessageInput({ project_id: projectId }) } as Record<string, unknown>;
        delete valid.body_text;
        return { method: 'POST', path: '/api/messages', cookie: cookieOf.get('ir_associate'), valid };
      },
    },
    {
      name: 'an invitation e-mail',
      field: 'email',
      call: async () => ({
        method: 'POST',
        path: '/api/invitations',
        cookie: cookieOf.get('admin'),
        valid: { role: 'ir_associate' },
      }),
      extra: [
        { what: 'a homoglyph (Cyrillic а) address', body: { email: 'аnn@example.com' }, status: 400 },
        { what: 'a homoglyph domain', body: { email: 'ann@exаmple.com' }, status: 400 },
        { what: 'an address with a NUL', body: { email: 'ann@example.com\u0000' }, status: 400 },
      ],
    },
  ];

  for (const route of routes)
    it(`answers each hostile value in ${route.name} with its 4xx`, async () => {
      const { method, path, cookie, valid } = await route.call();
      const values = [...badValues(route.field), ...(route.extra ?? [])];
      for (const { what, body, status } of values) {
        const full = isRaw(body) || Array.isArray(body) ? body : { ...valid, ...(body as object) };
        const res = await send(method, path, cookie, full);
        expect(res.status, `${route.name}, ${what}`).toBe(status);
      }
    });

  it('answers hostile inbox searches (`q`) with a 400, and an ordinary one with a 200', async () => {
    const cookie = cookieOf.get('is_associate');
    const search = (q: string) => ctx.request('GET', `/api/messages?q=${q}`, { cookie });
    expect((await search('a%00b')).status).toBe(400);
    expect((await search('x'.repeat(201))).status).toBe(400);
    expect((await search(encodeURIComponent(MEGABYTE))).status).toBe(400);
    expect((await search('1e309')).status).toBe(200);
    expect((await search('%ED%A0%80')).status).toBe(200);
    expect((await ctx.request('GET', '/api/messages?q=a&q=b', { cookie })).status).toBe(400);
    expect((await search('%20%20')).status).toBe(200);
    expect((await search('distribution')).status).toBe(200);
  });
});
