import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { z } from '@hono/zod-openapi';
import { ROLES, rolesWith } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callScene, ROUTE_SCENES } from '../../test/route-scenes';
import { createTestContext, type TestContext } from '../../test/test-app';
import { auditChainHeads, auditLogs } from '../db/schema';
import { apiRoutesOf, ROUTE_POLICIES } from './policy';

/**
 * Every action is in the chain (docs/architecture.md 'The audit chain'): each mutating API route writes at
 * least one audit entry in the caller's chain when it succeeds, and none when it is refused. The
 * routes come from the app itself, so a new route fails here, by name, until it has a scene
 * (apps/server/test/route-scenes.ts) or an entry below saying why it records nothing.
 */
const ctx = await createTestContext({
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-audit-coverage-')),
  // The single sign-on scenes save a real provider that listens on http (apps/server/test/sso-fixtures.ts).
  SSO_ALLOW_INSECURE_ISSUER: 'true',
  // The inbound e-mail webhook's scene signs with this secret (docs/decisions/058-inbound-email.md).
  INBOUND_EMAIL_DOMAIN: 'in.parley.test',
  INBOUND_EMAIL_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 5).toString('base64')}`,
});
/** The first-start setup link only works on a database without users. */
const emptyCtx = await createTestContext({}, { emptyDatabase: true });

/**
 * Mutating routes that legitimately write no audit entry, each with the reason. Everything else that
 * is not a GET must record what it did.
 */
const AUDIT_EXEMPT: Record<string, string> = {
  'POST /api/auth/sign-up': 'Always refused (Parley is invite-only): there is no success to record.',
  'POST /api/compliance/check':
    'Read-only: checks a text the caller sends against the policy and stores nothing. The checks of a draft, which are stored, are audited (compliance_checked).',
  'POST /api/invitations/preview':
    'Read-only: shows what an invitation link offers and consumes nothing; accepting it is audited.',
  'POST /api/auth/verify-invite':
    'Read-only: says whether an address may sign in; only its per-address rate-limit counter changes.',
  'POST /api/notifications/:id/read':
    "The caller's own read mark on a notification: inbox state, not a record. Reading the thread is recorded (message_opened).",
  'POST /api/notifications/read-all':
    "The caller's own read marks on their notifications: inbox state, not a record.",
  'POST /api/retention/erasure-preview':
    'Read-only: says what an erasure would do and writes nothing; a POST only to keep the investor’s address out of URLs and access logs. The erasure itself is audited (investor_data_erased).',
  'POST /api/webhooks/email-events':
    'The mail provider’s delivery reports, not anybody’s action, one per delivery, open and click: email_events is their record (docs/decisions/039-email-delivery-webhook.md); the webhook’s own tests cover what it stores.',
  'PUT /api/compose-draft':
    "The caller's own unfinished form, no record until it is logged; logging it is recorded (message_created, docs/decisions/048-no-placeholders.md).",
  'DELETE /api/compose-draft':
    "Discards the caller's own unfinished form, which was never a record (docs/decisions/048-no-placeholders.md).",
  'POST /api/auth/identities/link':
    'Only starts a link at the provider: a single-use flow row that lives 10 minutes. The link itself is recorded when the provider answers (sso_identity_linked), and a refused one too (sso_sign_in_failed).',
  'POST /api/messages/:id/notifications/read':
    "The caller's own read marks, set as a thread opens; the opening itself is recorded (message_opened, docs/decisions/032-recording-thread-opens.md).",
  'POST /api/mfa/passkeys/registration/options':
    'Stores only the ceremony’s single-use challenge (5 minutes); what the ceremony ends in is recorded (passkey_registered, docs/decisions/057-passkeys.md).',
  'POST /api/mfa/passkeys/authentication/options':
    'Stores only the ceremony’s single-use challenge (5 minutes); what the ceremony ends in is recorded (passkey_verified, passkey_verify_failed, passkey_clone_suspected).',
};

const mutatingRoutes = apiRoutesOf(ctx.app.routes).filter((r) => r.method !== 'GET');
const audited = mutatingRoutes.filter((r) => !(r.key in AUDIT_EXEMPT));

type RequestParts = { body?: z.ZodType; params?: z.ZodType };

/** The OpenAPI definition's validated request parts of each route, by `METHOD /api/path`. */
function requestPartsByRoute(app: TestContext['app']): Map<string, RequestParts> {
  const parts = new Map<string, RequestParts>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { method, path: openApiPath, request } = definition.route;
    const key = `${method.toUpperCase()} ${openApiPath.replace(/\{(\w+)\}/g, ':$1')}`;
    parts.set(key, {
      ...(request?.body ? { body: request.body as unknown as z.ZodType } : {}),
      ...(request?.params ? { params: request.params as z.ZodType } : {}),
    });
  }
  return parts;
}
const requestParts = requestPartsByRoute(ctx.app);

/** The audit entries of the scene's chain (every entry of a scene's own database when it names none). */
async function entriesOf(c: TestContext, orgId: string | undefined): Promise<number> {
  if (orgId === undefined) {
    const [row] = await c.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs);
    return row?.n ?? 0;
  }
  const [head] = await c.db
    .select({ seq: auditChainHeads.seq })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.chain, orgId));
  return head?.seq ?? 0;
}

/** A role of the organisation that lacks the route's capability, if the route needs one. */
function roleWithout(key: string) {
  const access = ROUTE_POLICIES[key];
  if (access === undefined || access === 'public' || access === 'signed-in') return null;
  const allowed: readonly string[] = rolesWith(access);
  return ROLES.find((role) => !allowed.includes(role)) ?? null;
}

describe('the audit coverage of mutating routes', () => {
  it('has a scene or a reasoned exemption for every mutating route, and names no other', () => {
    const keys = new Set(mutatingRoutes.map((r) => r.key));
    expect(mutatingRoutes.length).toBeGreaterThan(40);
    expect(
      Object.keys(AUDIT_EXEMPT).filter((key) => !keys.has(key)),
      'exempt, but no such route',
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_SCENES).filter((key) => !keys.has(key)),
      'a scene, but no such route',
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_SCENES).filter((key) => key in AUDIT_EXEMPT),
      'both a scene and exempt',
    ).toEqual([]);
    for (const reason of Object.values(AUDIT_EXEMPT)) expect(reason.length).toBeGreaterThan(20);
  });

  it.each(audited.map((route) => [route.key, route] as const))(
    '%s writes an entry in the caller’s chain when it succeeds and none when it is refused',
    async (key, route) => {
      const setup = ROUTE_SCENES[key];
      if (!setup) {
        expect.fail(
          `${key} has no scene: add one to ROUTE_SCENES (apps/server/test/route-scenes.ts), or, if it ` +
            'changes nothing worth recording, add it to AUDIT_EXEMPT in this file with the reason',
        );
      }
      const scene = await setup({ ctx, emptyCtx: async () => emptyCtx });
      const c = scene.ctx ?? ctx;
      const expectRefusedWithoutEntry = async (
        what: string,
        status: number,
        call: () => Response | Promise<Response>,
      ) => {
        const before = await entriesOf(c, scene.orgId);
        const res = await call();
        expect(res.status, `${key} ${what}: ${await res.clone().text()}`).toBe(status);
        expect(await entriesOf(c, scene.orgId), `${key} ${what} wrote an audit entry`).toBe(before);
      };

      if (ROUTE_POLICIES[key] !== 'public') {
        await expectRefusedWithoutEntry('without a session', 401, () =>
          callScene(c, route, scene, { cookie: null }),
        );
      }
      const role = roleWithout(key);
      if (role && scene.orgId) {
        const other = await c.signInAs(role, scene.orgId);
        await expectRefusedWithoutEntry(`as ${role}`, 403, () =>
          callScene(c, route, scene, { cookie: other.cookie }),
        );
      }
      const parts = requestParts.get(key);
      if (parts?.body) {
        await expectRefusedWithoutEntry('with a body that is not an object', 400, () =>
          callScene(c, route, scene, { body: [] }),
        );
      } else if (parts?.params && scene.params) {
        const mangled = Object.fromEntries(Object.keys(scene.params).map((name) => [name, 'not-an-id']));
        if (!parts.params.safeParse(mangled).success) {
          await expectRefusedWithoutEntry('with malformed path parameters', 400, () =>
            callScene(c, route, scene, { params: mangled }),
          );
        }
      }

      const before = await entriesOf(c, scene.orgId);
      const res = await callScene(c, route, scene);
      expect(res.ok, `${key} should succeed in its scene: ${res.status} ${await res.clone().text()}`).toBe(
        true,
      );
      expect(await entriesOf(c, scene.orgId), `${key} succeeded without an audit entry`).toBeGreaterThan(
        before,
      );
    },
  );
});
