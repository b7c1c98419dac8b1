import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  buildDeflatedZip,
  buildDocx,
  buildFlatePdf,
  buildPdf,
  withDeclaredSize,
} from '../../../test/document-fixtures';
import { createTestContext, json, TEST_ORIGIN, type TestContext } from '../../../test/test-app';
import { DocumentExtractor } from './document-extractor';

const MB = 1024 * 1024;
// Small limits, so a test reaches each one in seconds (docs/decisions/037-untrusted-files.md).
const extractor = new DocumentExtractor({ timeoutMs: 4000, maxInflatedBytes: 64 * MB, maxQueued: 2 });
const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-untrusted-'));
const ctx = await createTestContext({ DATA_DIR: dataDir }, { documentExtractor: extractor });
// The memory limit gets its own app: a heap that small needs a long time limit to be reached first.
const small = new DocumentExtractor({ timeoutMs: 120_000, maxHeapMb: 48 });
const memoryCtx = await createTestContext(
  { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-untrusted-')) },
  { documentExtractor: small },
);
afterAll(() => Promise.all([extractor.close(), small.close()]));

async function upload(
  test: TestContext,
  cookie: string,
  projectId: string,
  file: { name: string; bytes: Buffer },
) {
  const form = new FormData();
  form.append('file', new File([file.bytes], file.name, { type: 'application/octet-stream' }));
  return test.app.request(`${TEST_ORIGIN}/api/projects/${projectId}/documents`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
}

async function newFund(test: TestContext, cookie: string) {
  const res = await test.request('POST', '/api/projects', {
    cookie,
    body: { name: `Fund ${crypto.randomUUID()}`, fund_type: 'Core Real Estate' },
  });
  expect(res.status).toBe(201);
  return json(res);
}

/**
 * A content stream of millions of graphics-state saves never restored: pdf.js reads it for minutes (4 MB
 * outlast 12 seconds here). Balanced save/restore pairs were read in about 4 seconds on a quiet machine,
 * which a time limit of 4 seconds did not always stop.
 */
const SPINNING_PDF = buildFlatePdf(Buffer.from('q '.repeat((16 * MB) / 2)));

describe('untrusted documents', () => {
  it('refuses a DOCX bomb with 422 naming the file and why, before inflating or storing it', async () => {
    const director = await ctx.signInAs('ir_director');
    const fund = await newFund(ctx, director.cookie);
    const associate = await ctx.signInAs('ir_associate', director.orgId);
    const bomb = await buildDeflatedZip([
      { name: 'word/document.xml', data: Buffer.alloc(16 * MB, '<w:p/>') },
    ]);
    const res = await upload(ctx, associate.cookie, fund.id, { name: 'Q3 letter.docx', bytes: bomb });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.error).toMatchObject({
      code: 'DOCUMENT_REFUSED',
      message: expect.stringMatching(/^"Q3 letter\.docx" was refused: it unpacks to \d+ times its size/),
      fields: { file: expect.stringMatching(/^Refused: it unpacks to/) },
    });
    // Its directory claims 300 MB but its data is a few bytes stored as they are: only the directory
    // was read, or mammoth would have opened it (and found no document).
    const lying = withDeclaredSize(buildDocx(['Small.']), 100 * MB);
    const refused = await upload(ctx, associate.cookie, fund.id, { name: 'lying.docx', bytes: lying });
    expect(refused.status).toBe(422);
    expect((await json(refused)).error.message).toBe(
      '"lying.docx" was refused: it unpacks to 300 MB (the limit is 100 MB).',
    );
    const list = await json(
      await ctx.request('GET', `/api/projects/${fund.id}/documents`, { cookie: associate.cookie }),
    );
    expect(list.items).toEqual([]);
    expect(existsSync(path.join(dataDir, 'documents', associate.orgId, fund.id))).toBe(false);
  });

  it('marks a PDF whose streams unpack past the limit failed with the reason', async () => {
    const admin = await ctx.signInAs('admin');
    const fund = await newFund(ctx, admin.cookie);
    const res = await upload(ctx, admin.cookie, fund.id, {
      name: 'bomb.pdf',
      bytes: buildFlatePdf(Buffer.alloc(96 * MB)),
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({
      status: 'failed',
      passage_count: 0,
      error: expect.stringMatching(/^The PDF unpacks to more than 64 MB, so it was not read\./),
    });
  });

  it('keeps answering /api/health while a PDF spins the parser, then marks it failed at the time limit', async () => {
    const director = await ctx.signInAs('ir_director');
    const fund = await newFund(ctx, director.cookie);
    const associate = await ctx.signInAs('ir_associate', director.orgId);
    const earlier = await json(
      await upload(ctx, associate.cookie, fund.id, { name: 'earlier.txt', bytes: Buffer.from('Fees 1%.') }),
    );
    const uploading = upload(ctx, associate.cookie, fund.id, { name: 'spin.pdf', bytes: SPINNING_PDF });
    await vi.waitFor(() => expect(extractor.isBusy).toBe(true), { timeout: 60_000, interval: 10 });
    const health = await ctx.request('GET', '/api/health');
    expect(health.status).toBe(200);
    // The server answered while the worker was still inside the spinning PDF.
    expect(extractor.isBusy).toBe(true);
    // One document at a time: a text file sent now waits for the PDF's turn to end.
    const settled: string[] = [];
    const queued = upload(ctx, associate.cookie, fund.id, {
      name: 'n.txt',
      bytes: Buffer.from('Hurdle 8%.'),
    });
    // The queue is full (a document read, one waiting): the next upload and re-index are refused
    // with 503 before anything is stored.
    await vi.waitFor(() => expect(extractor.queued).toBe(2), { timeout: 60_000, interval: 10 });
    const refused = await upload(ctx, associate.cookie, fund.id, {
      name: 'later.txt',
      bytes: Buffer.from('x'),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await json(refused)).toMatchObject({ error: { code: 'DOCUMENT_READER_BUSY' } });
    const reindex = await ctx.request('POST', `/api/projects/${fund.id}/documents/${earlier.id}/reindex`, {
      cookie: director.cookie,
    });
    expect(reindex.status).toBe(503);
    const listed = await json(
      await ctx.request('GET', `/api/projects/${fund.id}/documents`, { cookie: director.cookie }),
    );
    expect(listed.items.map((d: { file_name: string }) => d.file_name)).not.toContain('later.txt');
    const noting = (name: string) => (res: Response) => {
      settled.push(name);
      return res;
    };
    const [spin, text] = await Promise.all([
      uploading.then(noting('spin.pdf')),
      queued.then(noting('n.txt')),
    ]);
    expect(settled).toEqual(['spin.pdf', 'n.txt']);
    expect(await json(text)).toMatchObject({ status: 'indexed' });
    const doc = await json(spin);
    expect(doc).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^Reading the document took longer than 4 seconds, so it was stopped\./),
    });
    // The worker was replaced: the next document is read as before.
    const next = await json(
      await upload(ctx, associate.cookie, fund.id, {
        name: 'ddq.docx',
        bytes: buildDocx(['The custodian is Northbank Trust.']),
      }),
    );
    expect(next).toMatchObject({ status: 'indexed', passage_count: 1 });
  }, 120_000);

  it('stores uploads readable by the server only (0600 in 0700 folders)', async () => {
    const admin = await ctx.signInAs('admin');
    const fund = await newFund(ctx, admin.cookie);
    const doc = await json(
      await upload(ctx, admin.cookie, fund.id, { name: 'letter.pdf', bytes: buildPdf([['Hurdle 8%.']]) }),
    );
    expect(doc).toMatchObject({ status: 'indexed', page_count: 1 });
    const folder = path.join(dataDir, 'documents', admin.orgId, fund.id);
    expect(statSync(path.join(folder, doc.id)).mode & 0o777).toBe(0o600);
    for (const dir of [folder, path.dirname(folder), path.join(dataDir, 'documents')]) {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
  });
});

describe('the extraction worker memory limit', () => {
  it('marks a PDF that outgrows the worker heap failed, and reads the next document in a fresh worker', async () => {
    const admin = await memoryCtx.signInAs('admin');
    const fund = await newFund(memoryCtx, admin.cookie);
    // Millions of one-letter text runs: pdf.js keeps an object for each.
    const runs = Buffer.from('BT /F1 1 Tf (A) Tj ET '.repeat((16 * MB) / 22));
    const res = await upload(memoryCtx, admin.cookie, fund.id, {
      name: 'runs.pdf',
      bytes: buildFlatePdf(runs),
    });
    expect(await json(res)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(
        /^Reading the document needed more than 48 MB of memory, so it was stopped\./,
      ),
    });
    const next = await json(
      await upload(memoryCtx, admin.cookie, fund.id, { name: 'ok.pdf', bytes: buildPdf([['Fee 1.25%.']]) }),
    );
    expect(next).toMatchObject({ status: 'indexed', passage_count: 1 });
  }, 180_000);
});
