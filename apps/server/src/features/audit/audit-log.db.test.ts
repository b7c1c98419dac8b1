import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_AUDIT_SIGNER } from '../../../test/audit-keys';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs } from '../../db/schema';
import { appendAudit, canonicalJson, computeAuditHash } from '../../lib/audit';
import { fixedClock } from '../../lib/clock';
import { AUDIT_CSV_COLUMNS } from './audit-export-csv';
import type { AuditEntryLine } from './audit-export-line';
import { verifyAuditExport } from './audit-export-verifier';
import { startAuditExport, streamAuditExport } from './audit-log.service';

const ctx = await createTestContext();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** An entry written straight through appendAudit, at a time of the test's choosing. */
async function addEntry(
  orgId: string,
  entry: {
    actionType: string;
    at?: Date;
    actorId?: string | null;
    entityType?: string;
    entityId?: string | null;
    details?: Record<string, unknown>;
  },
) {
  const clock = fixedClock(entry.at ?? ctx.clock.now());
  return ctx.db.transaction((tx) =>
    appendAudit(tx, clock, {
      orgId,
      actorId: entry.actorId ?? null,
      actionType: entry.actionType,
      entityType: entry.entityType ?? 'test_subject',
      entityId: entry.entityId ?? null,
      details: entry.details ?? {},
    }),
  );
}

async function newFund(cookie: string, name: string) {
  const res = await ctx.request('POST', '/api/projects', {
    cookie,
    body: { name, fund_type: 'Core Real Estate' },
  });
  expect(res.status).toBe(201);
  return (await json(res)) as { id: string; name: string };
}

async function list(cookie: string, query = '') {
  const res = await ctx.request('GET', `/api/audit/entries${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return json(res);
}

function exportLines(text: string): AuditEntryLine[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditEntryLine);
}

describe('who may read the audit log', () => {
  it('is for admins and directors only: the list, an entry and the export', async () => {
    await ctx.expectGuarded('GET', '/api/audit/entries', 'reporting.read');
    await ctx.expectGuarded('GET', `/api/audit/entries/${UNKNOWN_ID}`, 'reporting.read');
    await ctx.expectGuarded('GET', '/api/audit/export?format=jsonl', 'reporting.read');
    await ctx.expectGuarded('GET', '/api/audit/members', 'reporting.read');
  });

  it("offers the organisation's own members to the user filter", async () => {
    const director = await ctx.signInAs('ir_director');
    const colleague = await ctx.createUser('ir_associate', director.orgId);
    await ctx.signInAs('admin'); // another organisation
    const res = await ctx.request('GET', '/api/audit/members', { cookie: director.cookie });
    expect(res.status).toBe(200);
    const ids = (await json(res)).items.map((m: { id: string }) => m.id);
    expect(ids.sort()).toEqual([director.userId, colleague.userId].sort());
  });
});

describe('GET /api/audit/entries', () => {
  it("lists the caller's organisation's entries newest first, with actor, readable action, fund and hash", async () => {
    const director = await ctx.signInAs('ir_director');
    await ctx.signInAs('admin'); // another organisation, with entries of its own
    const fund = await newFund(director.cookie, `Fund Audit ${Date.now()}`);
    await addEntry(director.orgId, { actionType: 'email_sent', details: { template: 'weekly_report' } });

    const body = await list(director.cookie);
    const seqs = body.items.map((i: { seq: number }) => i.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    // organization_created, user_created, sign_in, project_created, email_sent: nothing of the other org
    expect(body.items).toHaveLength(5);
    expect(body.next_cursor).toBeNull();

    const [system, created] = body.items;
    expect(system).toMatchObject({
      action_type: 'email_sent',
      action_label: 'E-mail sent',
      action_kind: 'SEND',
      actor: { id: null, name: 'System', email: null },
      project: null,
      summary: 'template: weekly_report',
    });
    expect(created).toMatchObject({
      action_type: 'project_created',
      action_label: 'Fund created',
      action_kind: 'CREATE',
      actor: { id: director.userId, email: director.email },
      entity_type: 'project',
      entity_id: fund.id,
      project: { id: fund.id, name: fund.name },
    });
    expect(created.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(typeof created.created_at).toBe('number');
  });

  it('walks every entry once with the cursor, a page at a time', async () => {
    const admin = await ctx.signInAs('admin');
    for (let i = 0; i < 5; i++) await addEntry(admin.orgId, { actionType: 'email_sent', details: { n: i } });
    const all = await list(admin.cookie);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { seq: number }[]; next_cursor: string | null } = await list(
        admin.cookie,
        `?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((i) => i.seq));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((i: { seq: number }) => i.seq));
  });

  it('searches member names and e-mails, action labels, the words of the details and entity ids', async () => {
    const director = await ctx.signInAs('ir_director');
    const fund = await newFund(director.cookie, `Harbourview ${Date.now()}`);
    await addEntry(director.orgId, {
      actionType: 'document_uploaded',
      entityType: 'project_document',
      entityId: '5b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d',
      details: { project_id: fund.id, file_name: 'quarterly-letter-q3.pdf' },
    });
    const search = async (q: string) =>
      (await list(director.cookie, `?q=${encodeURIComponent(q)}`)).items.map(
        (i: { action_type: string }) => i.action_type,
      );

    expect(await search('harbourv')).toEqual(['project_created']);
    expect(await search('quarterly-letter-q3.pdf')).toEqual(['document_uploaded']);
    // The start of a file name as typed, and a word with the punctuation after it
    expect(await search('quarterly-letter')).toEqual(['document_uploaded']);
    expect(await search('Harbourview,')).toEqual(['project_created']);
    expect(await search('Fund created')).toEqual(['project_created']);
    expect(await search('5b0c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d')).toEqual(['document_uploaded']);
    // The director's e-mail: the entries they made, and the one whose details hold it (user_created).
    expect(await search(director.email.toUpperCase())).toEqual([
      'project_created',
      'sign_in',
      'user_created',
    ]);
    expect(await search('nothing-like-this')).toEqual([]);
    // tsquery syntax in the box is text, not an operator
    expect(await search("harbour' | !(:*")).toEqual(['project_created']);
  });

  it('filters by actions, member, fund and an inclusive date range', async () => {
    const director = await ctx.signInAs('ir_director');
    const fund = await newFund(director.cookie, `Fund Filter ${Date.now()}`);
    const other = await newFund(director.cookie, `Fund Other ${Date.now()}`);
    const day = (d: string) => new Date(`${d}T12:00:00.000Z`);
    await addEntry(director.orgId, {
      actionType: 'message_created',
      at: day('2031-03-01'),
      details: { project_id: fund.id },
    });
    await addEntry(director.orgId, {
      actionType: 'response_approved',
      at: day('2031-03-02'),
      actorId: director.userId,
      details: { project_id: other.id },
    });
    await addEntry(director.orgId, {
      actionType: 'message_created',
      at: day('2031-03-03'),
      details: { project_id: fund.id },
    });

    const actions = (body: { items: { action_type: string }[] }) => body.items.map((i) => i.action_type);
    expect(actions(await list(director.cookie, '?action=response_approved&action=message_created'))).toEqual([
      'message_created',
      'response_approved',
      'message_created',
    ]);
    expect(actions(await list(director.cookie, '?action=response_approved,project_created'))).toEqual([
      'response_approved',
      'project_created',
      'project_created',
    ]);
    expect(actions(await list(director.cookie, `?project=${fund.id}`))).toEqual([
      'message_created',
      'message_created',
      'project_created',
    ]);
    expect(actions(await list(director.cookie, `?user=${director.userId}&action=response_approved`))).toEqual(
      ['response_approved'],
    );
    expect(actions(await list(director.cookie, '?from=2031-03-02&to=2031-03-03'))).toEqual([
      'message_created',
      'response_approved',
    ]);
    expect(
      actions(
        await list(director.cookie, `?from=${encodeURIComponent('2031-03-01T12:00:00.000Z')}&to=2031-03-01`),
      ),
    ).toEqual(['message_created']);
  });

  it('answers bad filters with a 400 naming the field', async () => {
    const admin = await ctx.signInAs('admin');
    const fieldsOf = async (query: string) => {
      const res = await ctx.request('GET', `/api/audit/entries${query}`, { cookie: admin.cookie });
      expect(res.status).toBe(400);
      return Object.keys((await json(res)).error.fields);
    };
    expect(await fieldsOf('?from=yesterday')).toEqual(['from']);
    expect(await fieldsOf('?to=2031-02-30T25:00:00Z')).toEqual(['to']);
    expect(await fieldsOf('?from=2031-03-02&to=2031-03-01')).toEqual(['to']);
    expect(await fieldsOf('?user=someone')).toEqual(['user']);
    expect(await fieldsOf('?project=1')).toEqual(['project']);
    expect(await fieldsOf('?action=DROP%20TABLE')).toEqual(['action']);
    expect(await fieldsOf('?limit=500')).toEqual(['limit']);
    expect(await fieldsOf('?cursor=bm9wZQ')).toEqual(['cursor']);
    expect(await fieldsOf(`?q=${'x'.repeat(201)}`)).toEqual(['q']);
  });
});

describe('GET /api/audit/entries/:id', () => {
  it('shows the details, the recorded changes and the place in the chain', async () => {
    const director = await ctx.signInAs('ir_director');
    const fund = await newFund(director.cookie, `Fund Before ${Date.now()}`);
    const patched = await ctx.request('PATCH', `/api/projects/${fund.id}`, {
      cookie: director.cookie,
      body: { status: 'closed' },
    });
    expect(patched.status).toBe(200);
    const [updated, created] = (await list(director.cookie, '?action=project_updated,project_created')).items;

    const res = await ctx.request('GET', `/api/audit/entries/${updated.id}`, { cookie: director.cookie });
    expect(res.status).toBe(200);
    const entry = await json(res);
    expect(entry).toMatchObject({
      id: updated.id,
      action_label: 'Fund updated',
      project: { id: fund.id, name: fund.name },
      changes: [{ path: 'status', before: 'active', after: 'closed' }],
      chain: {
        seq: updated.seq,
        hash: updated.hash,
        hash_matches: true,
        previous_id: created.id,
        next_id: null,
      },
    });
    expect(entry.details.changes).toEqual({ status: 'closed' });
    expect(entry.chain.prev_hash).toBe(created.hash);

    const first = await json(
      await ctx.request('GET', `/api/audit/entries/${created.id}`, { cookie: director.cookie }),
    );
    expect(first.chain.next_id).toBe(updated.id);
  });

  it("is a 404 for another organisation's entry", async () => {
    const director = await ctx.signInAs('ir_director');
    const stranger = await ctx.signInAs('admin');
    const [theirs] = (await list(stranger.cookie)).items;
    const res = await ctx.request('GET', `/api/audit/entries/${theirs.id}`, { cookie: director.cookie });
    expect(res.status).toBe(404);
    const bad = await ctx.request('GET', '/api/audit/entries/not-an-id', { cookie: director.cookie });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error.fields)).toEqual(['id']);
  });
});

describe('GET /api/audit/export', () => {
  it('streams JSON Lines oldest first whose every line recomputes to its hash, ending with its own entry', async () => {
    const director = await ctx.signInAs('ir_director');
    await newFund(director.cookie, `Fund Export ${Date.now()}`);
    await addEntry(director.orgId, {
      actionType: 'email_sent',
      details: { nested: { b: 2, a: [1, 'x'] }, z: null },
    });
    const res = await ctx.request('GET', '/api/audit/export?format=jsonl', { cookie: director.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="parley-audit-log-\d{4}-\d{2}-\d{2}-\d{6}\.jsonl"$/,
    );
    const text = await res.text();
    const all = exportLines(text);
    // A signed checkpoint of the export's own last entry ends the file, and the whole file verifies
    // offline with the public key alone (docs/audit-format.md).
    const checkpoint = all.at(-1) as unknown as Record<string, unknown>;
    const lines = all.slice(0, -1);
    expect(checkpoint).toMatchObject({ type: 'checkpoint', chain: director.orgId, seq: lines.length });
    expect(checkpoint.head_hash).toBe(lines.at(-1)?.hash);
    expect(await verifyAuditExport(() => Readable.from([text]), TEST_AUDIT_SIGNER.publicKey)).toMatchObject({
      valid: true,
      entries: lines.length,
    });
    expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => i + 1));
    for (const line of lines) {
      expect(Object.keys(line)).toEqual([
        'type',
        'chain',
        'seq',
        'id',
        'created_at',
        'actor_id',
        'action_type',
        'entity_type',
        'entity_id',
        'details',
        'prev_hash',
        'hash',
      ]);
      expect(line.type).toBe('entry');
      expect(line.chain).toBe(director.orgId);
      const recomputed = computeAuditHash({
        prevHash: line.prev_hash,
        createdAt: new Date(line.created_at),
        actorId: line.actor_id,
        actionType: line.action_type,
        entityType: line.entity_type,
        entityId: line.entity_id,
        details: line.details,
      });
      expect(recomputed, `line ${line.seq}`).toBe(line.hash);
    }
    for (let i = 1; i < lines.length; i++) expect(lines[i]?.prev_hash).toBe(lines[i - 1]?.hash);
    const last = lines.at(-1);
    expect(last).toMatchObject({ action_type: 'audit_exported', actor_id: director.userId });
    expect(last?.details).toEqual({
      format: 'jsonl',
      filters: { q: null, action: [], user: null, project: null, from: null, to: null },
    });
  });

  it('applies the filters of the list, and records them with the export', async () => {
    const director = await ctx.signInAs('ir_director');
    const fund = await newFund(director.cookie, `Fund Exported ${Date.now()}`);
    await addEntry(director.orgId, { actionType: 'message_created', details: { project_id: fund.id } });
    await addEntry(director.orgId, { actionType: 'message_created', details: {} });
    const res = await ctx.request(
      'GET',
      `/api/audit/export?format=jsonl&action=message_created&project=${fund.id}&from=2000-01-01`,
      { cookie: director.cookie },
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    const lines = exportLines(text).filter((l) => l.type === 'entry');
    expect(lines.map((l) => [l.action_type, l.details.project_id])).toEqual([['message_created', fund.id]]);
    // It says it is filtered, and verifies entry by entry under its signed checkpoint.
    expect(JSON.parse(text.split('\n')[0] ?? '')).toMatchObject({
      type: 'export',
      filtered: true,
      filters: { action: ['message_created'], project: fund.id },
    });
    expect(await verifyAuditExport(() => Readable.from([text]), TEST_AUDIT_SIGNER.publicKey)).toMatchObject({
      valid: true,
      filtered: true,
      entries: 1,
    });
    // A changed entry is still caught.
    const changed = text.replace('"action_type":"message_created"', '"action_type":"message_deleted"');
    expect(
      await verifyAuditExport(() => Readable.from([changed]), TEST_AUDIT_SIGNER.publicKey),
    ).toMatchObject({ valid: false, problem: { reason: 'hash_mismatch' } });
    const [recorded] = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.chain, director.orgId), eq(auditLogs.actionType, 'audit_exported')));
    expect(recorded?.details).toMatchObject({
      format: 'jsonl',
      filters: { action: ['message_created'], project: fund.id, from: '2000-01-01T00:00:00.000Z', to: null },
    });
  });

  it('writes CSV with the same fields, RFC 4180 quoting and formulas defused', async () => {
    const admin = await ctx.signInAs('admin');
    await addEntry(admin.orgId, {
      actionType: 'email_sent',
      entityId: '=HYPERLINK("http://evil.example")',
      details: { note: 'comma, "quote"\nline' },
    });
    const res = await ctx.request('GET', '/api/audit/export?format=csv&action=email_sent', {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/filename="parley-audit-log-.*\.csv"$/);
    const text = await res.text();
    const [header, row, end] = text.split('\r\n');
    expect(header).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(end).toBe('');
    const details = canonicalJson({ note: 'comma, "quote"\nline' });
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    expect(row).toContain(`,"${details.replaceAll('"', '""')}",`);
    expect(row?.startsWith(`${admin.orgId},`)).toBe(true);
  });

  it('names a missing or unknown format, and any bad filter, before writing anything', async () => {
    const admin = await ctx.signInAs('admin');
    const count = async () =>
      (await ctx.db.select({ id: auditLogs.id }).from(auditLogs).where(eq(auditLogs.chain, admin.orgId)))
        .length;
    const before = await count();
    for (const [query, field] of [
      ['', 'format'],
      ['?format=xlsx', 'format'],
      ['?format=csv&to=2031-01-01&from=2031-02-01', 'to'],
    ] as const) {
      const res = await ctx.request('GET', `/api/audit/export${query}`, { cookie: admin.cookie });
      expect(res.status).toBe(400);
      expect(Object.keys((await json(res)).error.fields)).toEqual([field]);
    }
    expect(await count()).toBe(before);
  });

  it('reads the chain in batches and stops when the client goes away', async () => {
    const admin = await ctx.signInAs('admin');
    for (let i = 0; i < 6; i++) await addEntry(admin.orgId, { actionType: 'email_sent', details: { n: i } });
    const actor = { orgId: admin.orgId, userId: admin.userId };
    const exported = await startAuditExport(ctx.deps, actor, { format: 'jsonl', filter: {} });

    const chunks: string[] = [];
    for await (const chunk of streamAuditExport(ctx.auditDeps, actor, exported, { batchSize: 4 }))
      chunks.push(chunk);
    // The entries in batches of 4, then the checkpoint line on its own.
    const all = exportLines(chunks.join('')).filter((l) => l.type === 'entry');
    expect(chunks.length).toBe(Math.ceil(all.length / 4) + 1);
    expect(all.at(-1)?.seq).toBe(exported.head.seq);

    const abort = new AbortController();
    const read: string[] = [];
    for await (const chunk of streamAuditExport(ctx.auditDeps, actor, exported, {
      batchSize: 4,
      signal: abort.signal,
    })) {
      read.push(chunk);
      abort.abort();
    }
    expect(read).toHaveLength(1);
  });
});
