import {
  type ComplianceFlag,
  type ComplianceSeverity,
  type DraftVersion,
  ERRORS,
  flagDismissalExampleSchema,
} from '@parley/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertProject } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs, flagDismissals, investorMessages } from '../../db/schema';
import { generateToken } from '../../lib/crypto';
import { exportFlagDismissals } from './flag-dismissals';

const ctx = await createTestContext();

const SOME_ID = '00000000-0000-4000-8000-000000000000';
/** The organisation's own terms, so the checker's built-in rules (improved elsewhere) do not matter. */
const TERMS: Record<string, ComplianceSeverity> = { wombat: 'high', zebra: 'medium', quokka: 'low' };
const TEXT =
  'Dear Jane,\n\nThe wombat plan is on track. The zebra fund is calm. A quokka smile.\n\nKind regards';
const REASON = 'Wombat is the name of the fund’s property, not a promise.';

const post = (path: string, cookie: string, body: unknown) => ctx.request('POST', path, { cookie, body });
const get = (path: string, cookie: string) => ctx.request('GET', path, { cookie });

async function scene() {
  const director = await ctx.signInAs('ir_director');
  const { orgId } = director;
  const associate = await ctx.signInAs('ir_associate', orgId);
  const admin = await ctx.signInAs('admin', orgId);
  for (const [term, severity] of Object.entries(TERMS)) {
    const res = await post('/api/compliance/policy/terms', director.cookie, {
      term,
      severity,
      suggestion: 'animal',
    });
    expect(res.status, `add ${term}`).toBe(201);
  }
  return { director, associate, admin, orgId };
}

async function messageIn(orgId: string, subject = 'Q3 distribution') {
  const [row] = await ctx.db
    .insert(investorMessages)
    .values({
      orgId,
      projectId: await insertProject(ctx.db, { orgId }),
      investorName: 'Jane Investor',
      investorEmail: `jane.${generateToken().slice(0, 8).toLowerCase()}@investor.test`.replace(
        /[^a-z0-9.@]/g,
        'x',
      ),
      subject,
      bodyText: 'When is the Q3 distribution paid?',
      createdAt: ctx.clock.now(),
    })
    .returning({ id: investorMessages.id });
  if (!row) throw new Error('no message');
  return row.id;
}

/** Saves the text as the next version and checks it; the checked version. */
async function checkedVersion(cookie: string, messageId: string, text: string, basedOn: number) {
  const saved = await post(`/api/messages/${messageId}/drafts`, cookie, { text, based_on_version: basedOn });
  expect(saved.status, 'save').toBe(201);
  const version = (await json(saved)).version as number;
  const checked = await post(`/api/messages/${messageId}/drafts/${version}/check`, cookie, {});
  expect(checked.status, 'check').toBe(200);
  return { version, flags: (await json(checked)).flags as ComplianceFlag[] };
}

function flagOf(flags: readonly ComplianceFlag[], term: string): ComplianceFlag {
  const flag = flags.find((f) => f.term.toLowerCase() === term);
  if (!flag) throw new Error(`no flag for ${term} in ${JSON.stringify(flags)}`);
  return flag;
}

const dismissPath = (messageId: string, version: number) =>
  `/api/messages/${messageId}/drafts/${version}/flags/dismiss`;
const restorePath = (messageId: string, version: number) =>
  `/api/messages/${messageId}/drafts/${version}/flags/restore`;

async function dismissalRows(orgId: string) {
  return ctx.db.select().from(flagDismissals).where(eq(flagDismissals.orgId, orgId));
}

async function auditOf(orgId: string, action: string) {
  return ctx.db
    .select({ details: auditLogs.details, entityId: auditLogs.entityId })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, action)))
    .orderBy(asc(auditLogs.seq));
}

async function latestFlags(cookie: string, messageId: string) {
  const res = await get(`/api/messages/${messageId}/drafts/latest`, cookie);
  expect(res.status).toBe(200);
  return ((await json(res)) as DraftVersion).compliance?.flags ?? [];
}

describe('who may mark a flag not a problem here', () => {
  it('guards the routes by capability', async () => {
    const span = { start: 0, end: 1 };
    await ctx.expectGuarded('POST', dismissPath(SOME_ID, 1), 'messages.write', { ...span, reason: REASON });
    await ctx.expectGuarded('POST', restorePath(SOME_ID, 1), 'messages.write', span);
    await ctx.expectGuarded('GET', '/api/compliance/flag-dismissals', 'reporting.read');
    await ctx.expectGuarded('GET', '/api/compliance/flag-dismissals/export', 'compliance.manage');
  });

  it('lets a director clear a high flag, with the row and its audit entry written together', async () => {
    const { director, orgId } = await scene();
    const messageId = await messageIn(orgId);
    const { version, flags } = await checkedVersion(director.cookie, messageId, TEXT, 0);
    const high = flagOf(flags, 'wombat');
    expect(high.severity).toBe('high');

    const res = await post(dismissPath(messageId, version), director.cookie, {
      start: high.start,
      end: high.end,
      reason: `  ${REASON}  `,
    });
    expect(res.status).toBe(200);
    const body = (await json(res)) as DraftVersion;
    const cleared = flagOf(body.compliance?.flags ?? [], 'wombat');
    expect(cleared.dismissal).toEqual({
      reason: REASON,
      by_name: expect.any(String),
      at: expect.any(String),
    });
    expect(flagOf(body.compliance?.flags ?? [], 'zebra').dismissal).toBeUndefined();
    expect(flagOf(await latestFlags(director.cookie, messageId), 'wombat').dismissal?.reason).toBe(REASON);

    const [row, ...others] = await dismissalRows(orgId);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      messageId,
      versionNumber: version,
      rule: high.rule,
      term: high.term,
      severity: 'high',
      sentence: 'The wombat plan is on track.',
      reason: REASON,
      dismissedBy: director.userId,
      restoredAt: null,
    });
    expect(row?.sentence.slice(row.spanStart, row.spanEnd).toLowerCase()).toBe('wombat');
    const audit = await auditOf(orgId, 'compliance_flag_dismissed');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.entityId).toBe(row?.id);
    expect(audit[0]?.details).toMatchObject({
      message_id: messageId,
      version,
      rule: high.rule,
      term: high.term,
      severity: 'high',
      reason: REASON,
    });
    const chain = await json(await get('/api/audit/verify', director.cookie));
    expect(chain.valid).toBe(true);

    const again = await post(dismissPath(messageId, version), director.cookie, {
      start: high.start,
      end: high.end,
      reason: REASON,
    });
    expect(again.status).toBe(409);
    expect((await json(again)).error.code).toBe('FLAG_ALREADY_CLEARED');
    expect(await dismissalRows(orgId)).toHaveLength(1);
  });

  it('refuses an associate a high flag (nothing written) and allows medium and low', async () => {
    const { associate, orgId } = await scene();
    const messageId = await messageIn(orgId);
    const { version, flags } = await checkedVersion(associate.cookie, messageId, TEXT, 0);
    const high = flagOf(flags, 'wombat');

    const refused = await post(dismissPath(messageId, version), associate.cookie, {
      start: high.start,
      end: high.end,
      reason: REASON,
    });
    expect(refused.status).toBe(403);
    const error = (await json(refused)).error;
    expect(error.code).toBe('FLAG_CLEARANCE_NEEDS_DIRECTOR');
    expect(error.message).toBe(ERRORS.FLAG_CLEARANCE_NEEDS_DIRECTOR.message);
    expect(await dismissalRows(orgId)).toHaveLength(0);
    expect(await auditOf(orgId, 'compliance_flag_dismissed')).toHaveLength(0);

    for (const term of ['zebra', 'quokka']) {
      const flag = flagOf(flags, term);
      const res = await post(dismissPath(messageId, version), associate.cookie, {
        start: flag.start,
        end: flag.end,
        reason: `The ${term} is the fund's mascot, harmless here.`,
      });
      expect(res.status, term).toBe(200);
    }
    const after = await latestFlags(associate.cookie, messageId);
    expect(flagOf(after, 'wombat').dismissal).toBeUndefined();
    expect(flagOf(after, 'zebra').dismissal).toBeDefined();
    expect(flagOf(after, 'quokka').dismissal).toBeDefined();
    expect(await auditOf(orgId, 'compliance_flag_dismissed')).toHaveLength(2);
  });
});

describe('bad input', () => {
  it('answers each with a 4xx naming the field and writes nothing', async () => {
    const { director, orgId } = await scene();
    const messageId = await messageIn(orgId);
    const { version, flags } = await checkedVersion(director.cookie, messageId, TEXT, 0);
    const flag = flagOf(flags, 'zebra');
    const span = { start: flag.start, end: flag.end };
    // A second version, saved but never checked.
    const unchecked = await post(`/api/messages/${messageId}/drafts`, director.cookie, {
      text: `${TEXT} More.`,
      based_on_version: version,
    });
    expect(unchecked.status).toBe(201);
    const other = await scene();
    const otherMessage = await messageIn(other.orgId);

    const cases: { name: string; path: string; body: unknown; status: number; field?: string }[] = [
      { name: 'no reason', path: dismissPath(messageId, version), body: span, status: 400, field: 'reason' },
      {
        name: 'a short reason',
        path: dismissPath(messageId, version),
        body: { ...span, reason: '   too short  ' },
        status: 400,
        field: 'reason',
      },
      {
        name: 'a reason too long',
        path: dismissPath(messageId, version),
        body: { ...span, reason: 'x'.repeat(501) },
        status: 400,
        field: 'reason',
      },
      {
        name: 'an end before the start',
        path: dismissPath(messageId, version),
        body: { start: flag.end, end: flag.start, reason: REASON },
        status: 400,
        field: 'end',
      },
      {
        name: 'a span that is not a flag',
        path: dismissPath(messageId, version),
        body: { start: 0, end: 4, reason: REASON },
        status: 409,
        field: 'start',
      },
      {
        name: 'a version that does not exist',
        path: dismissPath(messageId, 9),
        body: { ...span, reason: REASON },
        status: 404,
        field: 'version',
      },
      {
        name: 'a version never checked',
        path: dismissPath(messageId, version + 1),
        body: { ...span, reason: REASON },
        status: 409,
        field: 'version',
      },
      {
        name: 'not a version number',
        path: `/api/messages/${messageId}/drafts/first/flags/dismiss`,
        body: { ...span, reason: REASON },
        status: 400,
        field: 'version',
      },
      {
        name: 'another organisation’s message',
        path: dismissPath(otherMessage, version),
        body: { ...span, reason: REASON },
        status: 404,
      },
      {
        name: 'undo of a flag nobody cleared',
        path: restorePath(messageId, version),
        body: span,
        status: 409,
      },
    ];
    for (const c of cases) {
      const res = await post(c.path, director.cookie, c.body);
      expect(res.status, c.name).toBe(c.status);
      if (c.field) expect(Object.keys((await json(res)).error.fields ?? {}), c.name).toContain(c.field);
    }
    expect(await dismissalRows(orgId)).toHaveLength(0);
    expect(await auditOf(orgId, 'compliance_flag_dismissed')).toHaveLength(0);
    expect(await auditOf(orgId, 'compliance_flag_restored')).toHaveLength(0);
  });
});

describe('carry-forward and undo', () => {
  it('brings a cleared flag back cleared when a later version has the same sentence, not a changed one', async () => {
    const { director, orgId } = await scene();
    const messageId = await messageIn(orgId);
    const v1 = await checkedVersion(director.cookie, messageId, TEXT, 0);
    const wombat = flagOf(v1.flags, 'wombat');
    const res = await post(dismissPath(messageId, v1.version), director.cookie, {
      start: wombat.start,
      end: wombat.end,
      reason: REASON,
    });
    expect(res.status).toBe(200);

    // Same sentence, moved and re-spaced; the zebra sentence is new.
    const moved = TEXT.replace('Dear Jane,', 'Dear Jane Investor,\nThank you for writing.').replace(
      'The wombat plan is on track.',
      'The wombat  plan is on track.',
    );
    const v2 = await checkedVersion(director.cookie, messageId, moved, v1.version);
    expect(flagOf(v2.flags, 'wombat').start).not.toBe(wombat.start);
    expect(flagOf(v2.flags, 'wombat').dismissal?.reason, 'the check’s answer').toBe(REASON);
    expect(flagOf(v2.flags, 'zebra').dismissal).toBeUndefined();
    expect(flagOf(await latestFlags(director.cookie, messageId), 'wombat').dismissal?.reason).toBe(REASON);

    const changed = moved.replace('is on track', 'will double');
    const v3 = await checkedVersion(director.cookie, messageId, changed, v2.version);
    expect(flagOf(v3.flags, 'wombat').dismissal).toBeUndefined();
    // The earlier version still shows it.
    const shown = await json(await get(`/api/messages/${messageId}/drafts/${v2.version}`, director.cookie));
    expect(flagOf(shown.compliance.flags, 'wombat').dismissal?.reason).toBe(REASON);

    // Another message with the same sentence is judged on its own.
    const elsewhere = await messageIn(orgId, 'Another question');
    const e1 = await checkedVersion(director.cookie, elsewhere, TEXT, 0);
    expect(flagOf(e1.flags, 'wombat').dismissal).toBeUndefined();
  });

  it('restores a cleared flag (audited), after which it can be cleared again', async () => {
    const { director, associate, orgId } = await scene();
    const messageId = await messageIn(orgId);
    const v1 = await checkedVersion(director.cookie, messageId, TEXT, 0);
    const wombat = flagOf(v1.flags, 'wombat');
    const span = { start: wombat.start, end: wombat.end };
    expect((await post(dismissPath(messageId, 1), director.cookie, { ...span, reason: REASON })).status).toBe(
      200,
    );
    const v2 = await checkedVersion(director.cookie, messageId, `${TEXT}\nP.S. Thanks.`, 1);
    const carried = flagOf(v2.flags, 'wombat');

    const refused = await post(restorePath(messageId, v2.version), associate.cookie, {
      start: carried.start,
      end: carried.end,
    });
    expect(refused.status, 'an associate cannot restore a high flag either').toBe(403);

    const restored = await post(restorePath(messageId, v2.version), director.cookie, {
      start: carried.start,
      end: carried.end,
    });
    expect(restored.status).toBe(200);
    expect(flagOf((await json(restored)).compliance.flags, 'wombat').dismissal).toBeUndefined();
    const shown = await json(await get(`/api/messages/${messageId}/drafts/1`, director.cookie));
    expect(flagOf(shown.compliance.flags, 'wombat').dismissal, 'every version').toBeUndefined();

    const [row] = await dismissalRows(orgId);
    expect(row?.restoredBy).toBe(director.userId);
    expect(row?.restoredAt).not.toBeNull();
    const audit = await auditOf(orgId, 'compliance_flag_restored');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toMatchObject({ message_id: messageId, version: v2.version, severity: 'high' });

    const listed = await json(await get('/api/compliance/flag-dismissals', director.cookie));
    expect(listed.items).toHaveLength(0);
    expect((await post(dismissPath(messageId, 1), director.cookie, { ...span, reason: REASON })).status).toBe(
      200,
    );
    expect(await dismissalRows(orgId)).toHaveLength(2);
  });
});

describe('the Cleared flags list and the export', () => {
  /** Five cleared flags, a minute apart: returns their reasons, oldest first. */
  async function fiveCleared() {
    const s = await scene();
    const reasons: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const messageId = await messageIn(s.orgId, `Question ${i}`);
      const { version, flags } = await checkedVersion(s.director.cookie, messageId, TEXT, 0);
      const flag = flagOf(flags, i % 2 === 0 ? 'zebra' : 'wombat');
      const reason = `Reason number ${i}: harmless in context.`;
      ctx.clock.advance(60_000);
      const res = await post(dismissPath(messageId, version), s.director.cookie, {
        start: flag.start,
        end: flag.end,
        reason,
      });
      expect(res.status).toBe(200);
      reasons.push(reason);
    }
    return { ...s, reasons };
  }

  it('pages newest first, searches term and reason, and keeps organisations apart', async () => {
    const { director, reasons } = await fiveCleared();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const res = await get(`/api/compliance/flag-dismissals${query}`, director.cookie);
      expect(res.status).toBe(200);
      const page = await json(res);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item: { reason: string }) => item.reason));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...reasons].reverse());

    const [, first] = (await json(await get('/api/compliance/flag-dismissals?limit=2', director.cookie)))
      .items;
    expect(first).toMatchObject({
      term: 'wombat',
      severity: 'high',
      sentence: 'The wombat plan is on track.',
      span_start: 4,
      span_end: 10,
      reason: reasons[3],
      investor_name: 'Jane Investor',
      subject: 'Question 3',
      dismissed_by_name: expect.any(String),
    });
    expect(first.rationale).not.toBe('');

    const byTerm = await json(await get('/api/compliance/flag-dismissals?q=ZEBRA', director.cookie));
    expect(byTerm.items.map((i: { term: string }) => i.term)).toEqual(['zebra', 'zebra', 'zebra']);
    const byReason = await json(await get('/api/compliance/flag-dismissals?q=number%201', director.cookie));
    expect(byReason.items.map((i: { reason: string }) => i.reason)).toEqual([reasons[1]]);
    const literal = await json(await get('/api/compliance/flag-dismissals?q=%25', director.cookie));
    expect(literal.items).toHaveLength(0);

    const bad = await get('/api/compliance/flag-dismissals?cursor=nope', director.cookie);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.cursor).toBe('Invalid cursor');
    const badLimit = await get('/api/compliance/flag-dismissals?limit=0', director.cookie);
    expect(badLimit.status).toBe(400);
    expect(Object.keys((await json(badLimit)).error.fields)).toContain('limit');

    const stranger = await ctx.signInAs('ir_director');
    const none = await json(await get('/api/compliance/flag-dismissals', stranger.cookie));
    expect(none.items).toHaveLength(0);
  });

  it('exports the live dismissals as JSONL for directors and admins only', async () => {
    const { director, associate, admin, orgId, reasons } = await fiveCleared();
    const res = await get('/api/compliance/flag-dismissals/export', director.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="parley-cleared-flags-\d{4}-\d{2}-\d{2}\.jsonl"$/,
    );
    const lines = (await res.text()).split('\n');
    expect(lines.pop()).toBe('');
    const examples = lines.map((line) => flagDismissalExampleSchema.strict().parse(JSON.parse(line)));
    expect(examples.map((e) => e.reason)).toEqual(reasons);
    expect(examples[1]).toEqual({
      text: 'The wombat plan is on track.',
      label: 'clean',
      rule: expect.any(String),
      severity: 'high',
      reason: reasons[1],
      origin: 'dismissal',
      dismissed_at: expect.stringMatching(/Z$/),
    });
    expect(examples[0]?.text).toBe('The zebra fund is calm.');

    expect((await get('/api/compliance/flag-dismissals/export', admin.cookie)).status).toBe(200);
    const refused = await get('/api/compliance/flag-dismissals/export', associate.cookie);
    expect(refused.status).toBe(403);

    // Read in keyset batches: a batch of two walks all five, in order, once each.
    const batched: string[] = [];
    for await (const line of exportFlagDismissals(ctx, { orgId }, 2)) batched.push(line);
    expect(batched).toEqual(lines.map((line) => `${line}\n`));
  });

  it('records each export in the exporter’s chain before any line goes out, and none that is refused', async () => {
    const { director, associate, admin, orgId } = await fiveCleared();
    const res = await get('/api/compliance/flag-dismissals/export', director.cookie);
    const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
    await res.text();
    expect((await get('/api/compliance/flag-dismissals/export', associate.cookie)).status).toBe(403);
    await (await get('/api/compliance/flag-dismissals/export', admin.cookie)).text();
    const entries = await ctx.db
      .select({ actorId: auditLogs.actorId, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, 'flag_dismissals_exported')))
      .orderBy(asc(auditLogs.seq));
    expect(entries).toEqual([
      { actorId: director.userId, details: { format: 'jsonl', file_name: fileName } },
      { actorId: admin.userId, details: { format: 'jsonl', file_name: fileName } },
    ]);
  });
});
