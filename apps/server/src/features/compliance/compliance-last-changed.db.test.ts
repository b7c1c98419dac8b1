import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs, profiles } from '../../db/schema';

const ctx = await createTestContext();

type LastChanged = { at: string; by_name: string | null; audit_entry_id: string } | null;
type Policy = {
  lexicon: { key: string; last_changed: LastChanged }[];
  patterns: { id: string; last_changed: LastChanged }[];
};

async function nameOf(userId: string) {
  const [row] = await ctx.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, userId));
  return row?.name ?? null;
}

async function latestEntry(orgId: string, actionType: string) {
  const [row] = await ctx.db
    .select({ id: auditLogs.id, createdAt: auditLogs.createdAt })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, actionType)))
    .orderBy(desc(auditLogs.seq))
    .limit(1);
  if (!row) throw new Error(`no ${actionType} entry`);
  return row;
}

async function policyOf(cookie: string): Promise<Policy> {
  return json(await ctx.request('GET', '/api/compliance/policy', { cookie }));
}

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  forward_looking_disclaimer: 'Forward-looking statements are not promises.',
  risk_factor_tags: ['Market risk'],
  compliance_contact: 'compliance@parley.example',
  approval_matrix: {
    none: ['ir_associate', 'ir_director', 'admin'],
    low: ['ir_associate', 'ir_director', 'admin'],
    medium: ['ir_director', 'admin'],
    high: ['ir_director', 'admin'],
  },
  ...overrides,
});

describe('who changed each compliance rule last', () => {
  it('names the member and the audit entry of the latest change of a term and a pattern', async () => {
    const director = await ctx.signInAs('ir_director');
    const before = await policyOf(director.cookie);
    expect(before.lexicon.find((t) => t.key === 'guaranteed')?.last_changed).toBeNull();
    expect(before.patterns.every((p) => p.last_changed === null)).toBe(true);

    const patch = await ctx.request('PATCH', '/api/compliance/policy/terms/guaranteed', {
      cookie: director.cookie,
      body: { severity: 'medium' },
    });
    expect(patch.status).toBe(200);
    const entry = await latestEntry(director.orgId, 'compliance_term_updated');
    const expected = {
      at: entry.createdAt.toISOString(),
      by_name: await nameOf(director.userId),
      audit_entry_id: entry.id,
    };
    expect(expected.by_name).toBeTruthy();
    // The write's answer and the list agree.
    expect((await json(patch)).last_changed).toEqual(expected);
    const after = await policyOf(director.cookie);
    expect(after.lexicon.find((t) => t.key === 'guaranteed')?.last_changed).toEqual(expected);
    expect(after.lexicon.filter((t) => t.last_changed !== null)).toHaveLength(1);

    // A second member's later change replaces it.
    const admin = await ctx.signInAs('admin', director.orgId);
    ctx.clock.advance(60_000);
    await ctx.request('PATCH', '/api/compliance/policy/terms/guaranteed', {
      cookie: admin.cookie,
      body: { enabled: false },
    });
    const added = await ctx.request('POST', '/api/compliance/policy/patterns', {
      cookie: admin.cookie,
      body: { name: 'Moon talk', phrase: 'to the moon', severity: 'low', suggestion: 'upward' },
    });
    expect(added.status).toBe(201);
    const patternId = (await json(added)).id;
    const latest = await policyOf(director.cookie);
    const term = latest.lexicon.find((t) => t.key === 'guaranteed')?.last_changed;
    expect(term?.by_name).toBe(await nameOf(admin.userId));
    expect(term?.audit_entry_id).toBe((await latestEntry(director.orgId, 'compliance_term_updated')).id);
    expect(latest.patterns.find((p) => p.id === patternId)?.last_changed).toMatchObject({
      by_name: await nameOf(admin.userId),
      audit_entry_id: (await latestEntry(director.orgId, 'compliance_pattern_added')).id,
    });

    // Another organisation's rules show none of these changes.
    const stranger = await ctx.signInAs('admin');
    const theirs = await policyOf(stranger.cookie);
    expect([...theirs.lexicon, ...theirs.patterns].every((rule) => rule.last_changed === null)).toBe(true);
  });

  it('dates each setting by the latest save that changed it, not by saves that left it alone', async () => {
    const director = await ctx.signInAs('ir_director');
    const settings = () => ctx.request('GET', '/api/compliance/settings', { cookie: director.cookie });
    expect((await json(await settings())).last_changed).toEqual({
      forward_looking_disclaimer: null,
      risk_factor_tags: null,
      compliance_contact: null,
      approval_matrix: null,
      unsupported_figure_severity: null,
      four_eyes: null,
      class_rules: null,
      review_sample_percent: null,
    });

    await ctx.request('PUT', '/api/compliance/settings', { cookie: director.cookie, body: settingsBody() });
    const first = await latestEntry(director.orgId, 'compliance_settings_updated');
    const admin = await ctx.signInAs('admin', director.orgId);
    ctx.clock.advance(60_000);
    const put = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: admin.cookie,
      body: settingsBody({ compliance_contact: 'legal@parley.example' }),
    });
    expect(put.status).toBe(200);
    const second = await latestEntry(director.orgId, 'compliance_settings_updated');
    const lastChanged = (await json(await settings())).last_changed;
    expect(lastChanged.compliance_contact).toEqual({
      at: second.createdAt.toISOString(),
      by_name: await nameOf(admin.userId),
      audit_entry_id: second.id,
    });
    // The matrix was last changed by the first save (the second left it alone).
    expect(lastChanged.approval_matrix).toEqual({
      at: first.createdAt.toISOString(),
      by_name: await nameOf(director.userId),
      audit_entry_id: first.id,
    });
    expect(lastChanged.unsupported_figure_severity).toBeNull();

    const stranger = await ctx.signInAs('admin');
    const theirs = await json(
      await ctx.request('GET', '/api/compliance/settings', { cookie: stranger.cookie }),
    );
    expect(Object.values(theirs.last_changed).every((change) => change === null)).toBe(true);
  });
});
