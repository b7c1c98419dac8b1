import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOCUMENT_MAX_BYTES } from '@parley/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildDocx, buildPdf } from '../../../test/document-fixtures';
import { backdateDocument } from '../../../test/factories';
import { createTestContext, json, TEST_ORIGIN } from '../../../test/test-app';
import { auditLogs, documentPassages, investorMessages } from '../../db/schema';
import { DEMO_FUNDS, seedDemoProjects } from '../../seed/demo-projects';
import { searchPassages } from './passage-search';

const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-projects-'));
const ctx = await createTestContext({ DATA_DIR: dataDir });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let fundCounter = 0;
async function newFund(cookie: string, body: Record<string, unknown> = {}) {
  fundCounter += 1;
  const res = await ctx.request('POST', '/api/projects', {
    cookie,
    body: { name: `Fund ${fundCounter} ${Date.now()}`, fund_type: 'Core Real Estate', ...body },
  });
  expect(res.status).toBe(201);
  return json(res);
}

function upload(
  cookie: string,
  projectId: string,
  file: { name: string; bytes: Buffer | Uint8Array; type?: string },
  headers: Record<string, string> = { origin: TEST_ORIGIN },
) {
  const form = new FormData();
  form.append('file', new File([file.bytes], file.name, { type: file.type ?? 'application/octet-stream' }));
  return ctx.app.request(`${TEST_ORIGIN}/api/projects/${projectId}/documents`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: form,
  });
}

async function auditActions(orgId: string, entityId: string) {
  const rows = await ctx.db
    .select({ action: auditLogs.actionType })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.entityId, entityId)));
  return rows.map((r) => r.action);
}

describe('funds', () => {
  it('lets only admins and directors create and edit funds, and everyone signed in read them', async () => {
    await ctx.expectGuarded('GET', '/api/projects', 'workspace.read');
    await ctx.expectGuarded('GET', `/api/projects/${UNKNOWN_ID}`, 'workspace.read');
    await ctx.expectGuarded('POST', '/api/projects', 'projects.manage', { name: '', fund_type: '' });
    await ctx.expectGuarded('PATCH', `/api/projects/${UNKNOWN_ID}`, 'projects.manage', { name: 'X' });
    await ctx.expectGuarded('GET', `/api/projects/${UNKNOWN_ID}/documents`, 'workspace.read');
    await ctx.expectGuarded('POST', `/api/projects/${UNKNOWN_ID}/documents`, 'messages.write', {});
    await ctx.expectGuarded(
      'DELETE',
      `/api/projects/${UNKNOWN_ID}/documents/${UNKNOWN_ID}`,
      'messages.write',
    );
    await ctx.expectGuarded(
      'POST',
      `/api/projects/${UNKNOWN_ID}/documents/${UNKNOWN_ID}/reindex`,
      'messages.write',
    );
  });

  it('creates a fund with its audit entry and lists it with zero counts', async () => {
    const director = await ctx.signInAs('ir_director');
    const fund = await newFund(director.cookie, { description: 'Core assets', status: 'active' });
    expect(fund).toMatchObject({
      fund_type: 'Core Real Estate',
      status: 'active',
      description: 'Core assets',
      doc_count: 0,
      message_count: 0,
      last_indexed: null,
    });
    const list = await json(await ctx.request('GET', '/api/projects', { cookie: director.cookie }));
    expect(list.items.map((p: { id: string }) => p.id)).toEqual([fund.id]);
    expect(list.next_cursor).toBeNull();
    expect(await auditActions(director.orgId, fund.id)).toEqual(['project_created']);

    const reader = await ctx.signInAs('is_associate', director.orgId);
    const one = await ctx.request('GET', `/api/projects/${fund.id}`, { cookie: reader.cookie });
    expect(one.status).toBe(200);
    expect((await json(one)).name).toBe(fund.name);
  });

  it('refuses a fund without a name or type, naming the fields', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await ctx.request('POST', '/api/projects', {
      cookie: admin.cookie,
      body: { name: ' ', fund_type: '', status: 'paused' },
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(Object.keys(body.error.fields).sort()).toEqual(['fund_type', 'name', 'status']);
  });

  it('refuses a second fund with the same name in one organisation but not in another', async () => {
    const admin = await ctx.signInAs('admin');
    await newFund(admin.cookie, { name: 'Fund Alpha' });
    const again = await ctx.request('POST', '/api/projects', {
      cookie: admin.cookie,
      body: { name: 'Fund Alpha', fund_type: 'Growth Equity' },
    });
    expect(again.status).toBe(409);
    expect((await json(again)).error.fields.name).toBeDefined();
    const other = await ctx.signInAs('admin');
    await newFund(other.cookie, { name: 'Fund Alpha' });
  });

  it('edits a fund with its audit entry and refuses renaming onto another fund', async () => {
    const admin = await ctx.signInAs('admin');
    const fund = await newFund(admin.cookie);
    const taken = await newFund(admin.cookie);
    const res = await ctx.request('PATCH', `/api/projects/${fund.id}`, {
      cookie: admin.cookie,
      body: { status: 'closed', fund_type: 'Infrastructure' },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: 'closed', fund_type: 'Infrastructure' });
    expect(await auditActions(admin.orgId, fund.id)).toContain('project_updated');
    const clash = await ctx.request('PATCH', `/api/projects/${fund.id}`, {
      cookie: admin.cookie,
      body: { name: taken.name },
    });
    expect(clash.status).toBe(409);
    const empty = await ctx.request('PATCH', `/api/projects/${fund.id}`, { cookie: admin.cookie, body: {} });
    expect(empty.status).toBe(400);
    expect((await json(empty)).error.fields.body).toBe('Change at least one field');
  });

  it('filters by status and name and pages with a cursor', async () => {
    const admin = await ctx.signInAs('admin');
    await newFund(admin.cookie, { name: 'Beta Growth' });
    await newFund(admin.cookie, { name: 'Alpha Core' });
    await newFund(admin.cookie, { name: 'Gamma Infra', status: 'closed' });
    const first = await json(await ctx.request('GET', '/api/projects?limit=2', { cookie: admin.cookie }));
    expect(first.items.map((p: { name: string }) => p.name)).toEqual(['Alpha Core', 'Beta Growth']);
    const second = await json(
      await ctx.request('GET', `/api/projects?limit=2&cursor=${first.next_cursor}`, { cookie: admin.cookie }),
    );
    expect(second.items.map((p: { name: string }) => p.name)).toEqual(['Gamma Infra']);
    expect(second.next_cursor).toBeNull();
    const closed = await json(
      await ctx.request('GET', '/api/projects?status=closed', { cookie: admin.cookie }),
    );
    expect(closed.items.map((p: { name: string }) => p.name)).toEqual(['Gamma Infra']);
    const search = await json(await ctx.request('GET', '/api/projects?q=growth', { cookie: admin.cookie }));
    expect(search.items.map((p: { name: string }) => p.name)).toEqual(['Beta Growth']);
    const bad = await ctx.request('GET', '/api/projects?cursor=nonsense&limit=500', { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.limit).toBeDefined();
    const badCursor = await ctx.request('GET', '/api/projects?cursor=nonsense', { cookie: admin.cookie });
    expect((await json(badCursor)).error.fields.cursor).toBe('Invalid cursor');
  });

  it("answers 404 for another organisation's fund and its documents", async () => {
    const owner = await ctx.signInAs('admin');
    const fund = await newFund(owner.cookie);
    const doc = await json(
      await upload(owner.cookie, fund.id, { name: 'a.txt', bytes: Buffer.from('Hello.') }),
    );
    const stranger = await ctx.signInAs('admin');
    const paths: [string, string, unknown?][] = [
      ['GET', `/api/projects/${fund.id}`],
      ['PATCH', `/api/projects/${fund.id}`, { name: 'Mine now' }],
      ['GET', `/api/projects/${fund.id}/documents`],
      ['DELETE', `/api/projects/${fund.id}/documents/${doc.id}`],
      ['POST', `/api/projects/${fund.id}/documents/${doc.id}/reindex`],
    ];
    for (const [method, p, body] of paths) {
      const res = await ctx.request(method, p, { cookie: stranger.cookie, body });
      expect(res.status, `${method} ${p}`).toBe(404);
    }
    const res = await upload(stranger.cookie, fund.id, { name: 'b.txt', bytes: Buffer.from('Hi.') });
    expect(res.status).toBe(404);
  });

  it('counts documents and messages and shows the last indexing time on the card', async () => {
    const admin = await ctx.signInAs('admin');
    const fund = await newFund(admin.cookie);
    await upload(admin.cookie, fund.id, { name: 'a.md', bytes: Buffer.from('# Letter\n\nNAV rose 4%.') });
    await ctx.db.insert(investorMessages).values({
      orgId: admin.orgId,
      projectId: fund.id,
      investorName: 'Jane Investor',
      investorEmail: 'jane@example.com',
      subject: 'NAV',
      bodyText: 'What was the NAV?',
    });
    const card = await json(await ctx.request('GET', `/api/projects/${fund.id}`, { cookie: admin.cookie }));
    expect(card).toMatchObject({ doc_count: 1, message_count: 1 });
    expect(card.last_indexed).toBe(ctx.clock.now().toISOString());
  });
});

describe('fund documents', () => {
  it('indexes an uploaded PDF page by page and finds its phrases, never across organisations', async () => {
    const associate = await ctx.signInAs('ir_associate');
    const admin = await ctx.signInAs('admin', associate.orgId);
    const fund = await newFund(admin.cookie);
    const pdf = buildPdf([
      ['Quarterly letter, Q3 2025.', 'Occupancy across the portfolio reached 96.4 percent.'],
      ['The distribution of 0.45 per unit will be paid on 15 January 2026.'],
    ]);
    const res = await upload(associate.cookie, fund.id, { name: 'Q3 letter.pdf', bytes: pdf });
    expect(res.status).toBe(201);
    const doc = await json(res);
    expect(doc).toMatchObject({
      file_name: 'Q3 letter.pdf',
      content_type: 'application/pdf',
      status: 'indexed',
      error: null,
      page_count: 2,
      size_bytes: pdf.length,
    });
    expect(doc.passage_count).toBeGreaterThan(0);
    expect(existsSync(path.join(dataDir, 'documents', admin.orgId, fund.id, doc.id))).toBe(true);

    const hits = await searchPassages(ctx.db, {
      orgId: admin.orgId,
      projectId: fund.id,
      query: 'distribution paid January',
      limit: 5,
    });
    expect(hits[0]).toMatchObject({ documentId: doc.id, fileName: 'Q3 letter.pdf', page: 2 });
    expect(hits[0]?.text).toContain('15 January 2026');
    expect(hits[0]?.rank).toBeGreaterThan(0);

    const other = await ctx.signInAs('admin');
    const otherFund = await newFund(other.cookie);
    expect(
      await searchPassages(ctx.db, {
        orgId: other.orgId,
        projectId: fund.id,
        query: 'distribution',
        limit: 5,
      }),
    ).toEqual([]);
    expect(
      await searchPassages(ctx.db, {
        orgId: other.orgId,
        projectId: otherFund.id,
        query: 'distribution',
        limit: 5,
      }),
    ).toEqual([]);
    expect(await auditActions(admin.orgId, doc.id)).toEqual(['document_uploaded']);
  });

  it('indexes Word, Markdown and plain text documents', async () => {
    const admin = await ctx.signInAs('admin');
    const fund = await newFund(admin.cookie);
    const docx = await json(
      await upload(admin.cookie, fund.id, {
        name: 'ddq.docx',
        bytes: buildDocx(['The custodian is Northbank Trust.']),
      }),
    );
    expect(docx).toMatchObject({ status: 'indexed', passage_count: 1, page_count: null });
    const md = await json(
      await upload(admin.cookie, fund.id, {
        name: 'facts.md',
        bytes: Buffer.from('# Facts\n\nManagement fee 1.25%.'),
      }),
    );
    expect(md).toMatchObject({ status: 'indexed', content_type: 'text/markdown' });
    const txt = await json(
      await upload(admin.cookie, fund.id, { name: 'n.txt', bytes: Buffer.from('Hurdle rate 8%.') }),
    );
    expect(txt).toMatchObject({ status: 'indexed', content_type: 'text/plain' });
    const hits = await searchPassages(ctx.db, {
      orgId: admin.orgId,
      projectId: fund.id,
      query: 'custodian',
      limit: 5,
    });
    expect(hits.map((h) => h.documentId)).toEqual([docx.id]);
    const list = await json(
      await ctx.request('GET', `/api/projects/${fund.id}/documents?limit=2`, { cookie: admin.cookie }),
    );
    expect(list.items).toHaveLength(2);
    const rest = await json(
      await ctx.request('GET', `/api/projects/${fund.id}/documents?limit=2&cursor=${list.next_cursor}`, {
        cookie: admin.cookie,
      }),
    );
    expect([...list.items, ...rest.items].map((d: { id: string }) => d.id).sort()).toEqual(
      [docx.id, md.id, txt.id].sort(),
    );
  });

  it('marks a damaged PDF failed with the reason and keeps its row and file', async () => {
    const admin = await ctx.signInAs('admin');
    const fund = await newFund(admin.cookie);
    const res = await upload(admin.cookie, fund.id, {
      name: 'broken.pdf',
      bytes: Buffer.from('%PDF-1.4\nnot a pdf'),
    });
    expect(res.status).toBe(201);
    const doc = await json(res);
    expect(doc.status).toBe('failed');
    expect(doc.error).toMatch(/could not be read/);
    expect(doc.passage_count).toBe(0);
    expect(existsSync(path.join(dataDir, 'documents', admin.orgId, fund.id, doc.id))).toBe(true);
    const list = await json(
      await ctx.request('GET', `/api/projects/${fund.id}/documents`, { cookie: admin.cookie }),
    );
    expect(list.items.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    const card = await json(await ctx.request('GET', `/api/projects/${fund.id}`, { cookie: admin.cookie }));
    expect(card).toMatchObject({ doc_count: 1, last_indexed: null });
  });

  it('refuses a file that is too large with 413 and one of another type with 415, saying what is accepted', async () => {
    const admin = await ctx.signInAs('admin');
    const fund = await newFund(admin.cookie);
    const big = await upload(admin.cookie, fund.id, {
      name: 'big.txt',
      bytes: Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 97),
    });
    expect(big.status).toBe(413);
    expect((await json(big)).error.message).toMatch(/10 MB/);
    const huge = await upload(admin.cookie, fund.id, {
      name: 'huge.txt',
      bytes: Buffer.alloc(DOCUMENT_MAX_BYTES + 200_000, 97),
    });
    expect(huge.status).toBe(413);
    const exe = await upload(admin.cookie, fund.id, { name: 'setup.exe', bytes: Buffer.from('MZ...') });
    expect(exe.status).toBe(415);
    expect((await json(exe)).error.message).toMatch(/PDF, DOCX, Markdown/);
    const fake = await upload(admin.cookie, fund.id, { name: 'fake.pdf', bytes: Buffer.from('just text') });
    expect(fake.status).toBe(415);
    const none = await ctx.request('POST', `/api/projects/${fund.id}/documents`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(none.status).toBe(400);
    expect((await json(none)).error.fields.file).toBeDefined();
    const list = await json(
      await ctx.request('GET', `/api/projects/${fund.id}/documents`, { cookie: admin.cookie }),
    );
    expect(list.items).toEqual([]);
  });

  it('refuses a multipart upload from another origin and multipart bodies on other routes', async () => {
    const admin = await ctx.signInAs('admin');
    const fund = await newFund(admin.cookie);
    const file = { name: 'a.txt', bytes: Buffer.from('Hello.') };
    const crossOrigin = await upload(admin.cookie, fund.id, file, { origin: 'https://evil.example' });
    expect(crossOrigin.status).toBe(403);
    const crossSite = await upload(admin.cookie, fund.id, file, {
      origin: TEST_ORIGIN,
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    const form = new FormData();
    form.append('name', 'Sneaky');
    const otherRoute = await ctx.app.request(`${TEST_ORIGIN}/api/projects`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      body: form,
    });
    expect(otherRoute.status).toBe(415);
    const list = await json(
      await ctx.request('GET', `/api/projects/${fund.id}/documents`, { cookie: admin.cookie }),
    );
    expect(list.items).toEqual([]);
  });

  it('keeps is_associate from uploading', async () => {
    const reader = await ctx.signInAs('is_associate');
    const admin = await ctx.signInAs('admin', reader.orgId);
    const fund = await newFund(admin.cookie);
    const res = await upload(reader.cookie, fund.id, { name: 'a.txt', bytes: Buffer.from('Hello.') });
    expect(res.status).toBe(403);
  });

  it('re-indexes a document and deletes it with its passages and file, both audited', async () => {
    const admin = await ctx.signInAs('admin');
    const fund = await newFund(admin.cookie);
    const doc = await json(
      await upload(admin.cookie, fund.id, {
        name: 'notice.txt',
        bytes: Buffer.from('Capital call due 30 June 2026.'),
      }),
    );
    const again = await ctx.request('POST', `/api/projects/${fund.id}/documents/${doc.id}/reindex`, {
      cookie: admin.cookie,
    });
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ status: 'indexed', passage_count: 1 });
    const passages = () =>
      ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(documentPassages)
        .where(eq(documentPassages.documentId, doc.id));
    expect((await passages())[0]?.n).toBe(1);

    // Past the retention period (docs/decisions/030-data-retention.md): deletion works as it always did.
    await backdateDocument(ctx.db, doc.id, ctx.clock.now());
    const del = await ctx.request('DELETE', `/api/projects/${fund.id}/documents/${doc.id}`, {
      cookie: admin.cookie,
    });
    expect(del.status).toBe(200);
    expect((await passages())[0]?.n).toBe(0);
    expect(existsSync(path.join(dataDir, 'documents', admin.orgId, fund.id, doc.id))).toBe(false);
    expect(await auditActions(admin.orgId, doc.id)).toEqual([
      'document_uploaded',
      'document_reindexed',
      'document_deleted',
    ]);
    const gone = await ctx.request('DELETE', `/api/projects/${fund.id}/documents/${doc.id}`, {
      cookie: admin.cookie,
    });
    expect(gone.status).toBe(404);
    const card = await json(await ctx.request('GET', `/api/projects/${fund.id}`, { cookie: admin.cookie }));
    expect(card.doc_count).toBe(0);
  });
});

describe('demo funds', () => {
  it('seeds the three funds with indexed documents once, whose figures are searchable', async () => {
    const orgId = await ctx.createOrg();
    const deps = { db: ctx.db, clock: ctx.clock, documentsRoot: path.join(dataDir, 'documents') };
    const first = await seedDemoProjects(deps, orgId, null);
    expect(first.map((f) => f.fund)).toEqual(DEMO_FUNDS.map((f) => f.name));
    await seedDemoProjects(deps, orgId, null);
    const admin = await ctx.signInAs('admin', orgId);
    const list = await json(await ctx.request('GET', '/api/projects', { cookie: admin.cookie }));
    expect(list.items.map((p: { name: string; doc_count: number }) => [p.name, p.doc_count])).toEqual([
      ['Fund Alpha - Core Real Estate', 3],
      ['Fund Beta - Growth Equity', 3],
      ['Fund Gamma - Infrastructure', 3],
    ]);
    const alpha = list.items[0];
    const hits = await searchPassages(ctx.db, { orgId, projectId: alpha.id, query: 'occupancy', limit: 3 });
    expect(hits[0]?.text).toContain('95.8%');
    const beta = list.items[1];
    const call = await searchPassages(ctx.db, {
      orgId,
      projectId: beta.id,
      query: 'capital call due',
      limit: 3,
    });
    expect(call.map((h) => h.text).join(' ')).toContain('15 December 2025');
  });
});
