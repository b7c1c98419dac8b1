import { ROLES, type Role } from '@parley/contracts';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type OpenApiDocument, operationsOf } from '../../test/api-inputs';
import { buildMessageInput, insertProject } from '../../test/factories';
import { type FuzzRequest, requestsOf } from '../../test/fuzz-requests';
import { createTestContext, json, TEST_ORIGIN } from '../../test/test-app';

/** Fixed, so a failure is the same failure on every machine (docs/api.md 'Conventions'). */
const SEED = 20_261_129;
/** Requests per route and caller: 104 routes × 5 callers × 20 ≥ 10,000 per run. */
const REQUESTS_PER_CALLER = 20;
const CALLERS = ['anonymous', ...ROLES] as const;
type Caller = (typeof CALLERS)[number];

// With webhook secrets, so the delivery and inbound e-mail webhooks are fuzzed past their 503 'not
// configured' (decisions 039 and 058).
const ctx = await createTestContext({
  EMAIL_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 9).toString('base64')}`,
  INBOUND_EMAIL_DOMAIN: 'in.parley.test',
  INBOUND_EMAIL_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 8).toString('base64')}`,
});

it('answers no generated request with a 5xx, on every route and for every caller', async () => {
  const started = Date.now();
  const operations = operationsOf(
    (await json(await ctx.request('GET', '/api/openapi.json'))) as OpenApiDocument,
  );
  const orgId = await ctx.createOrg();
  const cookies = new Map<Caller, string | undefined>([['anonymous', undefined]]);
  const signIn = async (role: Role) => cookies.set(role, (await ctx.signInAs(role, orgId)).cookie);
  for (const role of ROLES) await signIn(role);

  // Ids that exist, so some requests get past the 404s into the handlers: another member, a fund, a
  // message, a template of the callers' organisation.
  const director = cookies.get('ir_director');
  const other = await ctx.createUser('ir_associate', orgId);
  const projectId = await insertProject(ctx.db, { orgId });
  const message = await json(
    await ctx.request('POST', '/api/messages', {
      cookie: director,
      body: buildMessageInput({ project_id: projectId }),
    }),
  );
  const template = await json(
    await ctx.request('POST', '/api/compliance/templates', {
      cookie: director,
      body: { title: 'Thanks', body: 'Thank you.' },
    }),
  );
  const knownIds = [other.userId, projectId, orgId, message.id, template.id].filter(Boolean) as string[];
  expect(knownIds).toHaveLength(5);

  let sent = 0;
  let resignIns = 0;
  const statuses = new Map<number, number>();
  const serverErrors: string[] = [];
  for (const [index, operation] of operations.entries()) {
    const requests = requestsOf(operation, knownIds);
    for (const [callerIndex, caller] of CALLERS.entries()) {
      const samples = fc.sample(requests, {
        seed: SEED + index * 8 + callerIndex,
        numRuns: REQUESTS_PER_CALLER,
      });
      let signedOut = false;
      for (const request of samples) {
        const res = await send(request, cookies.get(caller));
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500)
          serverErrors.push(`${describe(request)} as ${caller}: ${res.status} ${await res.text()}`);
        else await res.body?.cancel();
        if (caller !== 'anonymous' && res.status === 401) signedOut = true;
      }
      // Sign-out, deactivation or an MFA lockout ended the caller's session: the next route gets a fresh one.
      if (signedOut && caller !== 'anonymous') {
        resignIns++;
        await signIn(caller);
      }
    }
  }

  console.log(
    `API fuzzer (seed ${SEED}): ${sent} requests over ${operations.length} routes × ${CALLERS.length} callers, ` +
      `${serverErrors.length} 5xx, ${resignIns} fresh sign-ins, ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `by status: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status} ×${n}`)
        .join(', ')}`,
  );
  expect(serverErrors.slice(0, 20)).toEqual([]);
  expect(sent).toBeGreaterThanOrEqual(10_000);
}, 600_000);

async function send(request: FuzzRequest, cookie: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) };
  if (request.contentType) headers['content-type'] = request.contentType;
  return ctx.app.request(`${TEST_ORIGIN}${request.url}`, {
    method: request.method,
    headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
}

function describe(request: FuzzRequest): string {
  const body =
    typeof request.body === 'string'
      ? JSON.stringify(request.body.slice(0, 300))
      : request.body
        ? `bytes ${Buffer.from(request.body).toString('hex').slice(0, 300)}`
        : '';
  return `${request.method} ${request.url.slice(0, 300)} [${request.contentType ?? 'no content type'}] ${body}`;
}
