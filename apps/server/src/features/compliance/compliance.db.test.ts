import { createHash } from 'node:crypto';
import { DEFAULT_APPROVAL_MATRIX } from '@parley/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMessage, insertProject } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import { aiResponses, auditLogs, investorMessages } from '../../db/schema';

const ctx = await createTestContext();

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const PROMISE = 'Dear Jane,\n\nYour return is guaranteed this year.\n\nKind regards,';
// States no figure: a version citing no passage would have it flagged unsupported (decision 026).
const CLEAN =
  'Dear Jane,\n\nThe fund paid its quarterly distribution as the latest letter set out.\n\nKind regards,';

const fund = (orgId: string) => insertProject(ctx.db, { orgId });

function messageIn(orgId: string, projectId: string | null) {
  return insertMessage(ctx.db, {
    orgId,
    projectId,
    investorName: 'Jane Investor',
    investorEmail: 'jane@example.com',
    subject: 'Q3 distribution',
    bodyText: 'Hello, how much was the quarterly distribution per unit?',
    createdAt: ctx.clock.now(),
  });
}

type Role = 'admin' | 'ir_director' | 'ir_associate';

/** A signed-in writer, a funded message, and (unless told otherwise) a first version with `text`. */
async function scene(options: { role?: Role; text?: string | null; funded?: boolean } = {}) {
  const user = await ctx.signInAs(options.role ?? 'ir_associate');
  const projectId = options.funded === false ? null : await fund(user.orgId);
  const messageId = await messageIn(user.orgId, projectId);
  const text = options.text === undefined ? PROMISE : options.text;
  if (text !== null) expect((await save(user.cookie, messageId, text, 0)).status).toBe(201);
  return { ...user, projectId, messageId };
}

function save(cookie: string, messageId: string, text: string, basedOn: number) {
  return ctx.request('POST', `/api/messages/${messageId}/drafts`, {
    cookie,
    body: { text, based_on_version: basedOn },
  });
}

function checkVersion(cookie: string, messageId: string, version: number) {
  return ctx.request('POST', `/api/messages/${messageId}/drafts/${version}/check`, { cookie });
}

function applyFix(cookie: string, messageId: string, version: number, body: unknown) {
  return ctx.request('POST', `/api/messages/${messageId}/drafts/${version}/apply-fix`, { cookie, body });
}

function checkText(cookie: string, text: string, projectId?: string) {
  return ctx.request('POST', '/api/compliance/check', {
    cookie,
    body: { text, ...(projectId ? { project_id: projectId } : {}) },
  });
}

async function flagsOf(
  cookie: string,
  text: string,
): Promise<{ term: string; severity: string; rule: string }[]> {
  const res = await checkText(cookie, text);
  expect(res.status).toBe(200);
  return (await json(res)).flags;
}

async function statusOf(messageId: string) {
  const [row] = await ctx.db
    .select({ status: investorMessages.status })
    .from(investorMessages)
    .where(eq(investorMessages.id, messageId));
  return row?.status;
}

async function lastAudit(orgId: string, actionType: string) {
  const [row] = await ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, actionType)))
    .orderBy(desc(auditLogs.seq))
    .limit(1);
  return row;
}

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  forward_looking_disclaimer: 'Forward-looking statements are not promises.',
  risk_factor_tags: ['Market risk'],
  compliance_contact: 'compliance@parley.example',
  approval_matrix: DEFAULT_APPROVAL_MATRIX,
  ...overrides,
});

describe('who may check, fix and manage compliance', () => {
  it('guards checking and fixing with messages.write', async () => {
    await ctx.expectGuarded('POST', '/api/compliance/check', 'messages.write', { text: 'Hello' });
    await ctx.expectGuarded('POST', `/api/messages/${SOME_ID}/drafts/1/check`, 'messages.write');
    await ctx.expectGuarded('POST', `/api/messages/${SOME_ID}/drafts/1/apply-fix`, 'messages.write', {
      start: 0,
      end: 1,
      based_on_version: 1,
    });
  });

  it('guards reading the Compliance center with reporting.read and its settings with compliance.manage', async () => {
    await ctx.expectGuarded('GET', '/api/compliance/overview', 'reporting.read');
    await ctx.expectGuarded('GET', '/api/compliance/policy', 'reporting.read');
    await ctx.expectGuarded('GET', '/api/compliance/settings', 'reporting.read');
    await ctx.expectGuarded('PUT', '/api/compliance/settings', 'compliance.manage', settingsBody());
  });

  it('guards lexicon writes with compliance.manage', async () => {
    await ctx.expectGuarded('POST', '/api/compliance/policy/terms', 'compliance.manage', {
      term: 'moonshot deal',
      severity: 'medium',
      suggestion: 'possibility',
    });
    await ctx.expectGuarded('PATCH', '/api/compliance/policy/terms/guaranteed', 'compliance.manage', {
      enabled: false,
    });
    await ctx.expectGuarded('DELETE', '/api/compliance/policy/terms/nothing', 'compliance.manage');
  });

  it('guards pattern writes with compliance.manage', async () => {
    await ctx.expectGuarded('POST', '/api/compliance/policy/patterns', 'compliance.manage', {
      name: 'Doubling',
      phrase: 'double your money',
      severity: 'high',
      suggestion: 'grow your investment',
    });
    await ctx.expectGuarded('PATCH', '/api/compliance/policy/patterns/nothing', 'compliance.manage', {
      enabled: false,
    });
    await ctx.expectGuarded('DELETE', '/api/compliance/policy/patterns/nothing', 'compliance.manage');
  });

  it('lets every role list templates and directors keep them', async () => {
    await ctx.expectGuarded('GET', '/api/compliance/templates', 'workspace.read');
    await ctx.expectGuarded('POST', '/api/compliance/templates', 'compliance.manage', {
      title: 'T',
      body: 'B',
    });
    await ctx.expectGuarded('PATCH', `/api/compliance/templates/${SOME_ID}`, 'compliance.manage', {
      title: 'T',
    });
    await ctx.expectGuarded('DELETE', `/api/compliance/templates/${SOME_ID}`, 'compliance.manage');
  });

  it('lets admins, directors and associates check and fix a draft of their organisation', async () => {
    for (const role of ['admin', 'ir_director', 'ir_associate'] as const) {
      const writer = await scene({ role });
      const checked = await checkVersion(writer.cookie, writer.messageId, 1);
      expect(checked.status, role).toBe(200);
      const flag = (await json(checked)).flags[0];
      const fixed = await applyFix(writer.cookie, writer.messageId, 1, {
        start: flag.start,
        end: flag.end,
        based_on_version: 1,
      });
      expect(fixed.status, role).toBe(201);
    }
  });

  it('refuses is_associate checking or fixing a real draft and stores nothing', async () => {
    const writer = await scene();
    expect((await checkVersion(writer.cookie, writer.messageId, 1)).status).toBe(200);
    const before = await ctx.db.select().from(aiResponses).where(eq(aiResponses.messageId, writer.messageId));
    const reader = await ctx.signInAs('is_associate', writer.orgId);
    expect((await checkVersion(reader.cookie, writer.messageId, 1)).status).toBe(403);
    expect(
      (await applyFix(reader.cookie, writer.messageId, 1, { start: 27, end: 37, based_on_version: 1 }))
        .status,
    ).toBe(403);
    expect((await checkText(reader.cookie, 'guaranteed')).status).toBe(403);
    const after = await ctx.db.select().from(aiResponses).where(eq(aiResponses.messageId, writer.messageId));
    expect(after).toEqual(before);
  });
});

describe('POST /api/compliance/check', () => {
  it("flags product.md's lexicon with offsets and says a director must approve", async () => {
    const user = await ctx.signInAs('ir_associate');
    const res = await checkText(user.cookie, 'Returns are Guaranteed.');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.requires_approval).toBe(true);
    const flag = body.flags.find((f: { rule: string }) => f.rule === 'lexicon:guaranteed');
    expect(flag).toMatchObject({
      term: 'Guaranteed',
      severity: 'high',
      suggestion: expect.stringMatching(/^targeted$/i),
      start: 12,
      end: 22,
    });
    expect(await json(await checkText(user.cookie, CLEAN))).toEqual({
      flags: [],
      requires_approval: false,
      second_opinion: 'off',
    });
  });

  it("answers 404 for another organisation's fund and 400 naming the field", async () => {
    const user = await ctx.signInAs('ir_associate');
    const other = await ctx.signInAs('admin');
    expect((await checkText(user.cookie, 'Hello', await fund(other.orgId))).status).toBe(404);
    expect((await checkText(user.cookie, 'Hello', await fund(user.orgId))).status).toBe(200);
    const bad = await ctx.request('POST', '/api/compliance/check', {
      cookie: user.cookie,
      body: { text: '' },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.text).toBeTruthy();
    const badFund = await ctx.request('POST', '/api/compliance/check', {
      cookie: user.cookie,
      body: { text: 'x', project_id: 'nope' },
    });
    expect((await json(badFund)).error.fields.project_id).toBe('Not a project id');
  });
});

describe('checking a stored version', () => {
  it('stores the check on the version, audits it and flags the message; a clean edit clears it', async () => {
    const writer = await scene();
    const res = await checkVersion(writer.cookie, writer.messageId, 1);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.requires_approval).toBe(true);
    expect(body.checked_at).toBe(ctx.clock.now().toISOString());
    expect(body.flags.map((f: { rule: string }) => f.rule)).toContain('lexicon:guaranteed');

    const [row] = await ctx.db.select().from(aiResponses).where(eq(aiResponses.messageId, writer.messageId));
    expect(row?.requiresApproval).toBe(true);
    expect(JSON.parse(row?.complianceTag ?? 'null')).toContain('high:guaranteed');
    expect(await statusOf(writer.messageId)).toBe('flagged');

    const audit = await lastAudit(writer.orgId, 'compliance_checked');
    expect(audit?.entityId).toBe(row?.id);
    expect(audit?.details).toMatchObject({ version: 1, flags: body.flags.length, highest_severity: 'high' });

    const latest = await json(
      await ctx.request('GET', `/api/messages/${writer.messageId}/drafts/latest`, { cookie: writer.cookie }),
    );
    expect(latest.compliance).toEqual(body);

    expect((await save(writer.cookie, writer.messageId, CLEAN, 1)).status).toBe(201);
    const clean = await json(await checkVersion(writer.cookie, writer.messageId, 2));
    expect(clean).toMatchObject({ flags: [], requires_approval: false });
    expect(await statusOf(writer.messageId)).toBe('open');
    const [v2] = await ctx.db
      .select()
      .from(aiResponses)
      .where(and(eq(aiResponses.messageId, writer.messageId), eq(aiResponses.versionNumber, 2)));
    expect(v2?.complianceTag).toBe('[]');
  });

  it('refuses a message without a fund with 409 and stores nothing', async () => {
    const writer = await scene({ funded: false });
    const res = await checkVersion(writer.cookie, writer.messageId, 1);
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('MESSAGE_HAS_NO_FUND');
    const [row] = await ctx.db.select().from(aiResponses).where(eq(aiResponses.messageId, writer.messageId));
    expect(row?.complianceCheckedAt).toBeNull();
  });

  it("answers 404 for another organisation's message and a version that does not exist", async () => {
    const owner = await scene();
    const stranger = await ctx.signInAs('admin');
    expect((await checkVersion(stranger.cookie, owner.messageId, 1)).status).toBe(404);
    expect(
      (await applyFix(stranger.cookie, owner.messageId, 1, { start: 1, end: 2, based_on_version: 1 })).status,
    ).toBe(404);
    expect((await checkVersion(owner.cookie, owner.messageId, 9)).status).toBe(404);
    expect((await checkVersion(owner.cookie, 'nope', 1)).status).toBe(400);
  });
});

describe('Apply Fix', () => {
  it('replaces the span with the suggestion in its case as a new version, checked again', async () => {
    const writer = await scene({ text: 'Dear Jane,\n\nReturns are Guaranteed.\n\nKind regards,' });
    const flag = (await json(await checkVersion(writer.cookie, writer.messageId, 1))).flags.find(
      (f: { rule: string }) => f.rule === 'lexicon:guaranteed',
    );
    expect(await statusOf(writer.messageId)).toBe('flagged');
    const res = await applyFix(writer.cookie, writer.messageId, 1, {
      start: flag.start,
      end: flag.end,
      based_on_version: 1,
    });
    expect(res.status).toBe(201);
    const draft = await json(res);
    expect(draft.version).toBe(2);
    expect(draft.source).toBe('edited');
    expect(draft.draftText).toBe('Dear Jane,\n\nReturns are Targeted.\n\nKind regards,');
    expect(draft.compliance).toMatchObject({ requires_approval: false });
    expect(draft.compliance.flags.some((f: { rule: string }) => f.rule === 'lexicon:guaranteed')).toBe(false);
    expect(await statusOf(writer.messageId)).toBe('open');
    const audit = await lastAudit(writer.orgId, 'compliance_checked');
    expect(audit?.details).toMatchObject({
      version: 2,
      fix_applied: { from_version: 1, rule: 'lexicon:guaranteed' },
    });
  });

  it('voids a pending approval like any edit, and settles the status from the fixed version', async () => {
    const writer = await scene();
    const flag = (await json(await checkVersion(writer.cookie, writer.messageId, 1))).flags[0];
    const submitted = await ctx.request('POST', `/api/messages/${writer.messageId}/submit`, {
      cookie: writer.cookie,
      body: { version: 1, text_sha256: createHash('sha256').update(PROMISE, 'utf8').digest('hex') },
    });
    expect(submitted.status).toBe(200);
    expect(await statusOf(writer.messageId)).toBe('awaiting_approval');
    const fixed = await applyFix(writer.cookie, writer.messageId, 1, {
      start: flag.start,
      end: flag.end,
      based_on_version: 1,
    });
    expect(fixed.status).toBe(201);
    expect(await statusOf(writer.messageId)).toBe('open');
    expect(await lastAudit(writer.orgId, 'approval_voided')).toBeTruthy();
  });

  it('refuses a version that is no longer the latest with 409 DRAFT_STALE', async () => {
    const writer = await scene();
    const flag = (await json(await checkVersion(writer.cookie, writer.messageId, 1))).flags[0];
    expect((await save(writer.cookie, writer.messageId, `${PROMISE} More.`, 1)).status).toBe(201);
    const stale = await applyFix(writer.cookie, writer.messageId, 1, {
      start: flag.start,
      end: flag.end,
      based_on_version: 1,
    });
    expect(stale.status).toBe(409);
    expect((await json(stale)).error.code).toBe('DRAFT_STALE');
  });

  it('refuses a span that is not a flag of the stored check with 400, and an unchecked version', async () => {
    const writer = await scene();
    const unchecked = await applyFix(writer.cookie, writer.messageId, 1, {
      start: 27,
      end: 37,
      based_on_version: 1,
    });
    expect(unchecked.status).toBe(400);
    expect((await json(unchecked)).error.fields.start).toBeTruthy();
    await checkVersion(writer.cookie, writer.messageId, 1);
    const wrong = await applyFix(writer.cookie, writer.messageId, 1, {
      start: 0,
      end: 4,
      based_on_version: 1,
    });
    expect(wrong.status).toBe(400);
    const backwards = await applyFix(writer.cookie, writer.messageId, 1, {
      start: 5,
      end: 4,
      based_on_version: 1,
    });
    expect((await json(backwards)).error.fields.end).toBeTruthy();
    const versions = await ctx.db
      .select()
      .from(aiResponses)
      .where(eq(aiResponses.messageId, writer.messageId));
    expect(versions).toHaveLength(1);
  });
});

describe('the lexicon and patterns are what the checker uses', () => {
  it('adds, changes and deletes a custom term, audited, and the checker follows', async () => {
    const director = await ctx.signInAs('ir_director');
    expect(await flagsOf(director.cookie, 'The memo calls it a moonshot deal.')).toEqual([]);
    const added = await ctx.request('POST', '/api/compliance/policy/terms', {
      cookie: director.cookie,
      body: { term: 'Moonshot  Deal', severity: 'medium', suggestion: 'possibility' },
    });
    expect(added.status).toBe(201);
    expect(await json(added)).toMatchObject({
      key: 'moonshot deal',
      term: 'Moonshot Deal',
      is_builtin: false,
      enabled: true,
    });
    expect((await lastAudit(director.orgId, 'compliance_term_added'))?.details).toMatchObject({
      term: 'Moonshot Deal',
    });
    const flags = await flagsOf(director.cookie, 'The memo calls it a moonshot deal.');
    expect(flags).toMatchObject([{ term: 'moonshot deal', severity: 'medium' }]);

    const duplicate = await ctx.request('POST', '/api/compliance/policy/terms', {
      cookie: director.cookie,
      body: { term: 'GUARANTEED', severity: 'low', suggestion: 'x' },
    });
    expect(duplicate.status).toBe(409);

    const changed = await ctx.request(
      'PATCH',
      `/api/compliance/policy/terms/${encodeURIComponent('moonshot deal')}`,
      {
        cookie: director.cookie,
        body: { severity: 'high' },
      },
    );
    expect(changed.status).toBe(200);
    expect((await json(await checkText(director.cookie, 'A moonshot deal.'))).requires_approval).toBe(true);
    expect((await lastAudit(director.orgId, 'compliance_term_updated'))?.details).toMatchObject({
      before: { severity: 'medium' },
      after: { severity: 'high' },
    });

    const deleted = await ctx.request(
      'DELETE',
      `/api/compliance/policy/terms/${encodeURIComponent('moonshot deal')}`,
      {
        cookie: director.cookie,
      },
    );
    expect(deleted.status).toBe(200);
    expect(await flagsOf(director.cookie, 'The memo calls it a moonshot deal.')).toEqual([]);
    expect(await lastAudit(director.orgId, 'compliance_term_deleted')).toBeTruthy();
    const again = await ctx.request('DELETE', '/api/compliance/policy/terms/sure%20thing', {
      cookie: director.cookie,
    });
    expect(again.status).toBe(404);
  });

  it('disables a built-in term (which cannot be deleted) and stops it being flagged', async () => {
    const admin = await ctx.signInAs('admin');
    const refused = await ctx.request('DELETE', '/api/compliance/policy/terms/guaranteed', {
      cookie: admin.cookie,
    });
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.code).toBe('BUILTIN_RULE');
    const off = await ctx.request('PATCH', '/api/compliance/policy/terms/guaranteed', {
      cookie: admin.cookie,
      body: { enabled: false, suggestion: 'expected' },
    });
    expect(off.status).toBe(200);
    expect(await json(off)).toMatchObject({
      key: 'guaranteed',
      is_builtin: true,
      enabled: false,
      suggestion: 'expected',
    });
    const flags = await flagsOf(admin.cookie, 'Your return is guaranteed.');
    expect(flags.some((f) => f.rule === 'lexicon:guaranteed')).toBe(false);
    const policy = await json(await ctx.request('GET', '/api/compliance/policy', { cookie: admin.cookie }));
    expect(policy.lexicon.find((t: { key: string }) => t.key === 'guaranteed')).toMatchObject({
      enabled: false,
    });
    // Another organisation still has the built-in defaults.
    const other = await ctx.signInAs('admin');
    expect(
      (await flagsOf(other.cookie, 'Your return is guaranteed.')).some(
        (f) => f.rule === 'lexicon:guaranteed',
      ),
    ).toBe(true);
    const unknown = await ctx.request('PATCH', '/api/compliance/policy/terms/nothing', {
      cookie: admin.cookie,
      body: { enabled: false },
    });
    expect(unknown.status).toBe(404);
    const empty = await ctx.request('PATCH', '/api/compliance/policy/terms/guaranteed', {
      cookie: admin.cookie,
      body: {},
    });
    expect(empty.status).toBe(400);
    const badSeverity = await ctx.request('PATCH', '/api/compliance/policy/terms/guaranteed', {
      cookie: admin.cookie,
      body: { severity: 'severe' },
    });
    expect((await json(badSeverity)).error.fields.severity).toBe('Use high, medium or low');
  });

  it('adds a custom pattern whose phrase the checker matches, validates the phrase, and deletes it', async () => {
    const director = await ctx.signInAs('ir_director');
    const bad = await ctx.request('POST', '/api/compliance/policy/patterns', {
      cookie: director.cookie,
      body: { name: 'Bad', phrase: 'double (your) money', severity: 'high', suggestion: 'x' },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.phrase).toBeTruthy();

    const text = 'This is a golden opportunity.';
    expect((await flagsOf(director.cookie, text)).some((f) => f.rule.startsWith('pattern:custom-'))).toBe(
      false,
    );
    const res = await ctx.request('POST', '/api/compliance/policy/patterns', {
      cookie: director.cookie,
      body: {
        name: 'Doubling',
        phrase: 'golden|unique opportunit*',
        severity: 'medium',
        suggestion: 'an option to consider',
      },
    });
    expect(res.status).toBe(201);
    const pattern = await json(res);
    expect(pattern).toMatchObject({
      name: 'Doubling',
      phrase: 'golden|unique opportunit*',
      is_builtin: false,
    });
    expect(
      (await flagsOf(director.cookie, text)).find((f) => f.rule === `pattern:${pattern.id}`),
    ).toMatchObject({
      severity: 'medium',
    });

    const off = await ctx.request('PATCH', `/api/compliance/policy/patterns/${pattern.id}`, {
      cookie: director.cookie,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect((await flagsOf(director.cookie, text)).some((f) => f.rule === `pattern:${pattern.id}`)).toBe(
      false,
    );
    const badEdit = await ctx.request('PATCH', `/api/compliance/policy/patterns/${pattern.id}`, {
      cookie: director.cookie,
      body: { phrase: 'a(b' },
    });
    expect((await json(badEdit)).error.fields.phrase).toBeTruthy();

    const gone = await ctx.request('DELETE', `/api/compliance/policy/patterns/${pattern.id}`, {
      cookie: director.cookie,
    });
    expect(gone.status).toBe(200);
    expect((await lastAudit(director.orgId, 'compliance_pattern_deleted'))?.details).toMatchObject({
      id: pattern.id,
    });
    const policy = await json(
      await ctx.request('GET', '/api/compliance/policy', { cookie: director.cookie }),
    );
    expect(policy.patterns.some((p: { id: string }) => p.id === pattern.id)).toBe(false);
  });

  it('changes or disables built-in patterns but never deletes or rewrites them', async () => {
    const admin = await ctx.signInAs('admin');
    const policy = await json(await ctx.request('GET', '/api/compliance/policy', { cookie: admin.cookie }));
    const builtin = policy.patterns.find((p: { is_builtin: boolean }) => p.is_builtin);
    if (!builtin) return; // the checker ships no built-in pattern yet
    const del = await ctx.request('DELETE', `/api/compliance/policy/patterns/${builtin.id}`, {
      cookie: admin.cookie,
    });
    expect(del.status).toBe(409);
    const rename = await ctx.request('PATCH', `/api/compliance/policy/patterns/${builtin.id}`, {
      cookie: admin.cookie,
      body: { phrase: 'anything' },
    });
    expect(rename.status).toBe(400);
    expect((await json(rename)).error.fields.phrase).toBeTruthy();
    const low = await ctx.request('PATCH', `/api/compliance/policy/patterns/${builtin.id}`, {
      cookie: admin.cookie,
      body: { severity: 'low', enabled: false },
    });
    expect(low.status).toBe(200);
    expect(await json(low)).toMatchObject({
      id: builtin.id,
      severity: 'low',
      enabled: false,
      is_builtin: true,
      phrase: null,
    });
    const overview = await json(
      await ctx.request('GET', '/api/compliance/overview', { cookie: admin.cookie }),
    );
    expect(overview.active_patterns).toBe(policy.lexicon.length + policy.patterns.length - 1);
  });
});

describe('compliance settings', () => {
  it('starts from the defaults and saves the disclaimer block, which generated drafts end with', async () => {
    const director = await ctx.signInAs('ir_director');
    const initial = await json(
      await ctx.request('GET', '/api/compliance/settings', { cookie: director.cookie }),
    );
    expect(initial).toMatchObject({
      approval_matrix: DEFAULT_APPROVAL_MATRIX,
      updated_at: null,
      compliance_contact: '',
    });
    expect(initial.forward_looking_disclaimer.length).toBeGreaterThan(20);

    const put = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: director.cookie,
      body: settingsBody({ risk_factor_tags: ['Market risk', ' Market risk ', 'FX'] }),
    });
    expect(put.status).toBe(200);
    expect(await json(put)).toMatchObject({
      forward_looking_disclaimer: 'Forward-looking statements are not promises.',
      risk_factor_tags: ['Market risk', 'FX'],
      compliance_contact: 'compliance@parley.example',
    });
    expect((await lastAudit(director.orgId, 'compliance_settings_updated'))?.details).toMatchObject({
      changed: expect.arrayContaining(['forward_looking_disclaimer', 'compliance_contact']),
    });

    const projectId = await fund(director.orgId);
    const messageId = await messageIn(director.orgId, projectId);
    const generated = await ctx.request('POST', `/api/messages/${messageId}/drafts/generate`, {
      cookie: director.cookie,
    });
    expect(generated.status).toBe(201);
    expect((await json(generated)).draftText).toMatch(
      /\n\nForward-looking statements are not promises\.\n\nCompliance contact: compliance@parley\.example$/,
    );
  });

  it('refuses a matrix that lets an associate finalise high flags, naming the field', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: admin.cookie,
      body: settingsBody({
        approval_matrix: { ...DEFAULT_APPROVAL_MATRIX, high: ['admin', 'ir_director', 'ir_associate'] },
      }),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields['approval_matrix.high']).toBeTruthy();
    const empty = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: admin.cookie,
      body: settingsBody({ forward_looking_disclaimer: '  ' }),
    });
    expect((await json(empty)).error.fields.forward_looking_disclaimer).toBeTruthy();
  });

  it('enforces the saved matrix: medium flags then need a director', async () => {
    const director = await ctx.signInAs('ir_director');
    await ctx.request('POST', '/api/compliance/policy/terms', {
      cookie: director.cookie,
      body: { term: 'moonshot deal', severity: 'medium', suggestion: 'possibility' },
    });
    expect((await json(await checkText(director.cookie, 'A moonshot deal.'))).requires_approval).toBe(false);
    const put = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: director.cookie,
      body: settingsBody({
        approval_matrix: { ...DEFAULT_APPROVAL_MATRIX, medium: ['admin', 'ir_director'] },
      }),
    });
    expect(put.status).toBe(200);
    expect((await json(await checkText(director.cookie, 'A moonshot deal.'))).requires_approval).toBe(true);
    expect((await json(await checkText(director.cookie, CLEAN))).requires_approval).toBe(false);
  });
});

describe('the overview', () => {
  it('counts active rules and approved templates', async () => {
    const admin = await ctx.signInAs('admin');
    const first = await json(await ctx.request('GET', '/api/compliance/overview', { cookie: admin.cookie }));
    const policy = await json(await ctx.request('GET', '/api/compliance/policy', { cookie: admin.cookie }));
    expect(first.active_patterns).toBe(policy.lexicon.length + policy.patterns.length);
    expect(first.total_patterns).toBe(first.active_patterns);
    expect(first.approved_templates).toBe(0);

    await ctx.request('PATCH', '/api/compliance/policy/terms/no%20risk', {
      cookie: admin.cookie,
      body: { enabled: false },
    });
    await ctx.request('POST', '/api/compliance/templates', {
      cookie: admin.cookie,
      body: { title: 'A', body: 'B' },
    });
    const second = await json(await ctx.request('GET', '/api/compliance/overview', { cookie: admin.cookie }));
    expect(second.active_patterns).toBe(first.active_patterns - 1);
    expect(second.total_patterns).toBe(first.total_patterns);
    expect(second.approved_templates).toBe(1);
  });

  it('shows the last recorded verification and checkpoint of the chain, without re-walking it', async () => {
    const admin = await ctx.signInAs('admin');
    const overview = async () =>
      (await json(await ctx.request('GET', '/api/compliance/overview', { cookie: admin.cookie }))).chain;
    const keyId = (
      await json(await ctx.request('GET', '/api/audit/checkpoints/latest', { cookie: admin.cookie }))
    ).key_id;
    expect(await overview()).toEqual({ last_verification: null, last_checkpoint: null, key_id: keyId });

    await ctx.request('POST', '/api/compliance/templates', {
      cookie: admin.cookie,
      body: { title: 'A', body: 'B' },
    });
    const created = await ctx.request('POST', '/api/audit/checkpoints', { cookie: admin.cookie });
    expect(created.status).toBe(200);
    const { checkpoint } = await json(created);
    expect((await overview()).last_checkpoint).toEqual({
      seq: checkpoint.seq,
      signed_at: checkpoint.signed_at,
    });
    expect((await overview()).last_verification).toBeNull();

    ctx.clock.advance(60_000);
    const verified = await json(await ctx.request('GET', '/api/audit/verify', { cookie: admin.cookie }));
    expect(verified.valid).toBe(true);
    expect((await overview()).last_verification).toEqual({
      valid: true,
      entries: verified.entries,
      checkpoints_checked: 1,
      verified_at: ctx.clock.now().toISOString(),
    });
    expect(verified.entries).toBeGreaterThanOrEqual(checkpoint.seq);

    // A tampered row is not found by loading the page (no re-walk) but by the next verification.
    const victim = await lastAudit(admin.orgId, 'template_created');
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(auditLogs)
        .set({ details: { title: 'Forged' } })
        .where(eq(auditLogs.id, victim?.id ?? ''));
    });
    expect((await overview()).last_verification).toMatchObject({ valid: true });
    await ctx.request('GET', '/api/audit/verify', { cookie: admin.cookie });
    expect((await overview()).last_verification).toMatchObject({
      valid: false,
      first_broken_id: victim?.id,
      problem: { reason: 'hash_mismatch', entry_id: victim?.id },
    });
  });
});

describe('templates', () => {
  it('creates, lists page by page with search, edits and archives, all audited', async () => {
    const director = await ctx.signInAs('ir_director');
    for (const title of [
      'Distribution timing',
      'Capital call notice',
      'Annual meeting',
      'Redemption policy',
    ]) {
      const res = await ctx.request('POST', '/api/compliance/templates', {
        cookie: director.cookie,
        body: { title, body: `Template about ${title.toLowerCase()}.` },
      });
      expect(res.status).toBe(201);
    }
    const associate = await ctx.signInAs('ir_associate', director.orgId);
    const page1 = await json(
      await ctx.request('GET', '/api/compliance/templates?limit=2', { cookie: associate.cookie }),
    );
    expect(page1.items.map((t: { title: string }) => t.title)).toEqual([
      'Annual meeting',
      'Capital call notice',
    ]);
    expect(page1.total).toBe(4);
    const page2 = await json(
      await ctx.request('GET', `/api/compliance/templates?limit=2&cursor=${page1.next_cursor}`, {
        cookie: associate.cookie,
      }),
    );
    expect(page2.items.map((t: { title: string }) => t.title)).toEqual([
      'Distribution timing',
      'Redemption policy',
    ]);
    expect(page2.next_cursor).toBeNull();
    const search = await json(
      await ctx.request('GET', '/api/compliance/templates?q=CAPITAL', { cookie: associate.cookie }),
    );
    expect(search.items).toHaveLength(1);
    const literal = await json(
      await ctx.request('GET', '/api/compliance/templates?q=%25', { cookie: associate.cookie }),
    );
    expect(literal.items).toHaveLength(0);
    const badCursor = await ctx.request('GET', '/api/compliance/templates?cursor=zzz', {
      cookie: associate.cookie,
    });
    expect((await json(badCursor)).error.fields.cursor).toBeTruthy();
    const badLimit = await ctx.request('GET', '/api/compliance/templates?limit=500', {
      cookie: associate.cookie,
    });
    expect((await json(badLimit)).error.fields.limit).toBeTruthy();

    const target = page1.items[0];
    const edited = await ctx.request('PATCH', `/api/compliance/templates/${target.id}`, {
      cookie: director.cookie,
      body: { title: 'AGM invitation' },
    });
    expect(edited.status).toBe(200);
    expect(await json(edited)).toMatchObject({
      title: 'AGM invitation',
      body: target.body,
      updated_by_name: 'Test ir_director',
    });
    expect((await lastAudit(director.orgId, 'template_updated'))?.details).toMatchObject({
      previous_title: 'Annual meeting',
    });
    const empty = await ctx.request('PATCH', `/api/compliance/templates/${target.id}`, {
      cookie: director.cookie,
      body: { title: ' ' },
    });
    expect((await json(empty)).error.fields.title).toBeTruthy();

    expect(
      (await ctx.request('DELETE', `/api/compliance/templates/${target.id}`, { cookie: director.cookie }))
        .status,
    ).toBe(200);
    expect(await lastAudit(director.orgId, 'template_archived')).toBeTruthy();
    const after = await json(
      await ctx.request('GET', '/api/compliance/templates', { cookie: associate.cookie }),
    );
    expect(after.total).toBe(3);
    expect(
      (await ctx.request('DELETE', `/api/compliance/templates/${target.id}`, { cookie: director.cookie }))
        .status,
    ).toBe(404);
    expect(
      (
        await ctx.request('PATCH', `/api/compliance/templates/${target.id}`, {
          cookie: director.cookie,
          body: { title: 'X' },
        })
      ).status,
    ).toBe(404);
  });

  it("answers 404 for another organisation's template and lists only one's own", async () => {
    const owner = await ctx.signInAs('ir_director');
    const created = await json(
      await ctx.request('POST', '/api/compliance/templates', {
        cookie: owner.cookie,
        body: { title: 'Mine', body: 'Body' },
      }),
    );
    const stranger = await ctx.signInAs('admin');
    expect(
      (
        await ctx.request('PATCH', `/api/compliance/templates/${created.id}`, {
          cookie: stranger.cookie,
          body: { title: 'X' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await ctx.request('DELETE', `/api/compliance/templates/${created.id}`, { cookie: stranger.cookie }))
        .status,
    ).toBe(404);
    const list = await json(
      await ctx.request('GET', '/api/compliance/templates', { cookie: stranger.cookie }),
    );
    expect(list.total).toBe(0);
  });
});

describe('the automatic check after generation', () => {
  it('checks a generated draft of a funded message and flags the message', async () => {
    const director = await ctx.signInAs('ir_director');
    await ctx.request('POST', '/api/compliance/policy/terms', {
      cookie: director.cookie,
      body: { term: 'kind regards', severity: 'high', suggestion: 'best wishes' },
    });
    const messageId = await messageIn(director.orgId, await fund(director.orgId));
    const res = await ctx.request('POST', `/api/messages/${messageId}/drafts/generate`, {
      cookie: director.cookie,
    });
    expect(res.status).toBe(201);
    const draft = await json(res);
    expect(draft.compliance).toMatchObject({ requires_approval: true });
    expect(draft.compliance.flags.map((f: { term: string }) => f.term)).toContain('Kind regards');
    expect(await statusOf(messageId)).toBe('flagged');
    expect((await lastAudit(director.orgId, 'compliance_checked'))?.details).toMatchObject({
      automatic: true,
      version: 1,
    });
  });

  it('keeps the generated version when the automatic check fails', async () => {
    const director = await ctx.signInAs('ir_director');
    const messageId = await messageIn(director.orgId, await fund(director.orgId));
    const trigger = `refuse_check_${messageId.replaceAll('-', '')}`;
    await ctx.db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$
        begin raise exception 'check refused'; end $$`),
    );
    await ctx.db.execute(
      sql.raw(`create trigger ${trigger} before update on ai_responses for each row
        when (new.message_id = '${messageId}'::uuid and new.compliance_checked_at is not null)
        execute function ${trigger}()`),
    );
    try {
      const res = await ctx.request('POST', `/api/messages/${messageId}/drafts/generate`, {
        cookie: director.cookie,
      });
      expect(res.status).toBe(201);
      const draft = await json(res);
      expect(draft).toMatchObject({ version: 1, compliance: null });
      expect(draft.draftText.length).toBeGreaterThan(0);
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger ${trigger} on ai_responses`));
      await ctx.db.execute(sql.raw(`drop function ${trigger}()`));
    }
    const [row] = await ctx.db.select().from(aiResponses).where(eq(aiResponses.messageId, messageId));
    expect(row?.complianceCheckedAt).toBeNull();
  });

  it('leaves a generated draft of a message without a fund unchecked', async () => {
    const director = await ctx.signInAs('ir_director');
    const messageId = await messageIn(director.orgId, null);
    const draft = await json(
      await ctx.request('POST', `/api/messages/${messageId}/drafts/generate`, { cookie: director.cookie }),
    );
    expect(draft.version).toBe(1);
    expect(draft.compliance).toBeNull();
    expect(await statusOf(messageId)).toBe('open');
  });
});
