import { DEFAULT_APPROVAL_MATRIX } from '@parley/contracts';
import { BUILTIN_PATTERNS, DEFAULT_LEXICON } from '@parley/guardrails';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildInvitation } from '../../../test/factories';
import { createTestContext, json, TEST_ORIGIN } from '../../../test/test-app';
import { organizations, systemConfig, userInvitations } from '../../db/schema';
import { appendAudit } from '../../lib/audit';
import { WEEKLY_REPORT_ACTION } from './admin.service';

const ctx = await createTestContext();
const HTTPS_ORIGIN = 'https://parley.test';
const httpsCtx = await createTestContext({ APP_ORIGIN: HTTPS_ORIGIN });

const DAY_MS = 24 * 3_600_000;
const PATH = '/api/admin/system-health';

async function healthAs(cookie: string, headers: Record<string, string> = {}) {
  const res = await ctx.request('GET', PATH, { cookie, headers });
  expect(res.status).toBe(200);
  return json(res);
}

describe('GET /api/admin/system-health', () => {
  it('is for admins only', async () => {
    await ctx.expectGuarded('GET', PATH, 'admin.manage');
  });

  it("counts only the live pending invitations of the caller's organisation", async () => {
    const admin = await ctx.signInAs('admin');
    const other = await ctx.createOrg();
    const now = ctx.clock.now().getTime();
    await ctx.db.insert(userInvitations).values([
      buildInvitation({ orgId: admin.orgId, now: ctx.clock.now() }),
      buildInvitation({ orgId: admin.orgId, now: ctx.clock.now(), role: 'admin' }),
      // none of these count: expired by time, marked expired, deleted, accepted, revoked, another org
      buildInvitation({ orgId: admin.orgId, now: ctx.clock.now(), expiresAt: new Date(now - 1000) }),
      buildInvitation({ orgId: admin.orgId, now: ctx.clock.now(), status: 'expired' }),
      buildInvitation({ orgId: admin.orgId, now: ctx.clock.now(), deletedAt: new Date(now) }),
      buildInvitation({
        orgId: admin.orgId,
        now: ctx.clock.now(),
        status: 'accepted',
        accepted: true,
        acceptedAt: new Date(now),
      }),
      buildInvitation({ orgId: admin.orgId, now: ctx.clock.now(), status: 'revoked' }),
      buildInvitation({ orgId: other, now: ctx.clock.now() }),
    ]);
    expect((await healthAs(admin.cookie)).pending_invitations).toBe(2);

    ctx.clock.advance(8 * DAY_MS);
    const later = await ctx.signInAs('admin', admin.orgId);
    expect((await healthAs(later.cookie)).pending_invitations).toBe(0);
  });

  it('matches the configured origin when the page is opened there, and says HSTS is off over http', async () => {
    const admin = await ctx.signInAs('admin');
    const health = await healthAs(admin.cookie);
    expect(health.allowed_origin).toEqual({
      configured: TEST_ORIGIN,
      request_origin: TEST_ORIGIN,
      matches: true,
    });
    expect(health.hsts_active).toBe(false);
    expect(health.guardrail_notes.join('\n')).toMatch(/HSTS is off/);
  });

  it('describes the compliance checker as the organisation set it up', async () => {
    const admin = await ctx.signInAs('admin');
    const before = (await healthAs(admin.cookie)).guardrail_notes[0];
    const total = DEFAULT_LEXICON.length + BUILTIN_PATTERNS.length;
    expect(before).toBe(
      `The compliance checker runs on every generated draft and before every approval: ${total} of ${total} guardrails are enabled, and drafts with high flags need a director's approval.`,
    );
    const off = await ctx.request('PATCH', '/api/compliance/policy/terms/guaranteed', {
      cookie: admin.cookie,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    const matrix = { ...DEFAULT_APPROVAL_MATRIX, medium: ['admin', 'ir_director'] };
    const settings = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: admin.cookie,
      body: {
        forward_looking_disclaimer: 'Past performance is no guarantee of future results.',
        risk_factor_tags: [],
        compliance_contact: '',
        approval_matrix: matrix,
      },
    });
    expect(settings.status).toBe(200);
    expect((await healthAs(admin.cookie)).guardrail_notes[0]).toContain(
      `${total - 1} of ${total} guardrails are enabled, and drafts with medium or high flags need`,
    );
  });

  it('flags a request from another origin than APP_ORIGIN', async () => {
    const admin = await ctx.signInAs('admin');
    const health = await healthAs(admin.cookie, { origin: 'http://10.0.0.5:3000' });
    expect(health.allowed_origin).toEqual({
      configured: TEST_ORIGIN,
      request_origin: 'http://10.0.0.5:3000',
      matches: false,
    });
    expect(health.guardrail_notes.join('\n')).toContain('opened at http://10.0.0.5:3000');
  });

  it('takes the origin from the scheme and Host when the browser sends no Origin header', async () => {
    const admin = await ctx.signInAs('admin');
    const direct = await ctx.app.request(`${TEST_ORIGIN}${PATH}`, { headers: { cookie: admin.cookie } });
    expect((await json(direct)).allowed_origin.request_origin).toBe(TEST_ORIGIN);

    const viaProxy = await ctx.app.request(`${TEST_ORIGIN}${PATH}`, {
      headers: { cookie: admin.cookie, host: 'ir.fund.example', 'x-forwarded-proto': 'https' },
    });
    expect((await json(viaProxy)).allowed_origin).toEqual({
      configured: TEST_ORIGIN,
      request_origin: 'https://ir.fund.example',
      matches: false,
    });
  });

  it('calls a missing weekly report overdue only once the organisation is more than 7 days old', async () => {
    const admin = await ctx.signInAs('admin');
    // By the test's clock, which other tests of this file move on.
    const createdDaysAgo = (days: number) =>
      ctx.db
        .update(organizations)
        .set({ createdAt: new Date(ctx.clock.now().getTime() - days * DAY_MS) })
        .where(eq(organizations.id, admin.orgId));
    await createdDaysAgo(0);
    const health = await healthAs(admin.cookie);
    expect(health.last_weekly_report).toEqual({ at: null, is_overdue: false });
    expect(health.guardrail_notes.join('\n')).toMatch(
      'No weekly report has been sent yet: it goes out each Monday at 08:00 (UTC).',
    );
    await createdDaysAgo(7);
    expect((await healthAs(admin.cookie)).last_weekly_report).toEqual({ at: null, is_overdue: false });
    await createdDaysAgo(8);
    expect((await healthAs(admin.cookie)).last_weekly_report).toEqual({ at: null, is_overdue: true });
  });

  it("reports the organisation's latest weekly report, overdue only after more than 7 days", async () => {
    const admin = await ctx.signInAs('admin');
    const other = await ctx.signInAs('admin');
    const now = ctx.clock.now().getTime();
    const sentAt = async (orgId: string, at: number) =>
      ctx.db.transaction((tx) =>
        appendAudit(
          tx,
          { now: () => new Date(at) },
          {
            orgId,
            actorId: null,
            actionType: WEEKLY_REPORT_ACTION,
            entityType: 'report',
            entityId: null,
            details: {},
          },
        ),
      );

    await sentAt(admin.orgId, now - 8 * DAY_MS);
    await sentAt(other.orgId, now - DAY_MS); // another organisation's report does not count
    expect((await healthAs(admin.cookie)).last_weekly_report).toEqual({
      at: new Date(now - 8 * DAY_MS).toISOString(),
      is_overdue: true,
    });

    await sentAt(admin.orgId, now - 7 * DAY_MS);
    expect((await healthAs(admin.cookie)).last_weekly_report).toEqual({
      at: new Date(now - 7 * DAY_MS).toISOString(),
      is_overdue: false,
    });
  });

  it("reads sso_required from the organisation's system config", async () => {
    const admin = await ctx.signInAs('admin');
    expect((await healthAs(admin.cookie)).sso_required).toBe(false);

    await ctx.db
      .update(systemConfig)
      .set({ value: 'true' })
      .where(and(eq(systemConfig.orgId, admin.orgId), eq(systemConfig.key, 'sso_required')));
    const health = await healthAs(admin.cookie);
    expect(health.sso_required).toBe(true);
    expect(health.guardrail_notes.join('\n')).toMatch(/no SSO sign-in yet/);

    const other = await ctx.signInAs('admin');
    expect((await healthAs(other.cookie)).sso_required).toBe(false);
  });

  it("shows the audit chain's last recorded verification and last checkpoint", async () => {
    const admin = await ctx.signInAs('admin');
    const keyId = (
      await json(await ctx.request('GET', '/api/audit/checkpoints/latest', { cookie: admin.cookie }))
    ).key_id;
    expect((await healthAs(admin.cookie)).audit_chain).toEqual({
      last_verification: null,
      last_checkpoint: null,
      key_id: keyId,
    });

    const verified = await json(await ctx.request('GET', '/api/audit/verify', { cookie: admin.cookie }));
    expect((await healthAs(admin.cookie)).audit_chain.last_verification).toEqual({
      valid: true,
      entries: verified.entries,
      checkpoints_checked: 0,
      verified_at: verified.verified_at,
    });
    expect(verified.entries).toBeGreaterThan(0);

    ctx.clock.advance(5 * 60_000);
    const { checkpoint } = await json(
      await ctx.request('POST', '/api/audit/checkpoints', { cookie: admin.cookie }),
    );
    const health = await healthAs(admin.cookie);
    expect(health.audit_chain.last_checkpoint).toEqual({
      seq: checkpoint.seq,
      signed_at: checkpoint.signed_at,
    });
    expect(health.audit_chain.last_checkpoint.signed_at).toBe(ctx.clock.now().toISOString());

    // Another organisation's chain is its own: nothing verified or signed there yet.
    const other = await ctx.signInAs('admin');
    expect((await healthAs(other.cookie)).audit_chain).toMatchObject({
      last_verification: null,
      last_checkpoint: null,
    });
  });
});

describe('GET /api/admin/system-health under an https APP_ORIGIN', () => {
  it('says HSTS is active, as the response header shows', async () => {
    // Signed in with MFA completed (admins always need it: docs/product.md §6).
    const admin = await httpsCtx.createUser('admin');
    const { cookie } = await httpsCtx.signInUser(admin, { headers: { origin: HTTPS_ORIGIN } });

    const res = await httpsCtx.request('GET', PATH, { cookie, headers: { origin: HTTPS_ORIGIN } });
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const health = await json(res);
    expect(health.hsts_active).toBe(true);
    expect(health.allowed_origin).toEqual({
      configured: HTTPS_ORIGIN,
      request_origin: HTTPS_ORIGIN,
      matches: true,
    });
    expect(health.guardrail_notes.join('\n')).not.toMatch(/HSTS is off/);
  });

  it('flags the plain-http address of an https deployment as a mismatch', async () => {
    const admin = await httpsCtx.createUser('admin');
    const { cookie } = await httpsCtx.signInUser(admin, { headers: { origin: HTTPS_ORIGIN } });
    const res = await httpsCtx.request('GET', PATH, { cookie });
    expect((await json(res)).allowed_origin).toEqual({
      configured: HTTPS_ORIGIN,
      request_origin: TEST_ORIGIN,
      matches: false,
    });
  });
});
