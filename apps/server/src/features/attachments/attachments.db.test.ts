import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildDocx, buildPdf } from '../../../test/document-fixtures';
import { insertProject, uniqueEmail } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import { insertAttachment, insertThreadMessage } from '../../../test/thread-fixtures';
import { auditLogs, documentPassages, messageAttachments, projectDocuments } from '../../db/schema';

/** Investors' e-mail attachments (docs/decisions/058-inbound-email.md): downloads and fund documents. */
const ctx = await createTestContext({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-attachments-')) });
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const PDF_TYPE = 'application/pdf';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** An associate's organisation, a fund and an investor's e-mail about it. */
async function scene(options: { withFund?: boolean } = {}) {
  const associate = await ctx.signInAs('ir_associate');
  const orgId = associate.orgId;
  const projectId = await insertProject(ctx.db, { orgId });
  const message = await insertThreadMessage(ctx.db, {
    orgId,
    projectId: options.withFund === false ? null : projectId,
    investorEmail: uniqueEmail('jane'),
    createdAt: ctx.clock.now(),
  });
  const attach = (fileName: string, contentType: string, bytes: Buffer) =>
    insertAttachment(ctx.db, ctx.config.attachmentsDir, {
      orgId,
      messageId: message.id,
      fileName,
      contentType,
      bytes,
    });
  return { associate, orgId, projectId, messageId: message.id, attach };
}

const urlOf = (messageId: string, attachmentId: string) =>
  `/api/messages/${messageId}/attachments/${attachmentId}`;

async function entriesOf(orgId: string, actionType: string) {
  return ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, actionType)))
    .orderBy(asc(auditLogs.seq));
}

describe('who may download an attachment and add it to the documents', () => {
  it('guards both routes by their capability', async () => {
    await ctx.expectGuarded('GET', urlOf(SOME_ID, SOME_ID), 'workspace.read');
    await ctx.expectGuarded('POST', `${urlOf(SOME_ID, SOME_ID)}/document`, 'messages.write', {});
  });
});

describe('GET /api/messages/:id/attachments/:attachmentId', () => {
  it('sends the file as a download that nothing renders, audited with the message, name and size', async () => {
    const s = await scene();
    const bytes = buildPdf([['Q3 statement']]);
    const file = await s.attach('Relevé Q3 "final".pdf', PDF_TYPE, bytes);
    const res = await ctx.request('GET', urlOf(s.messageId, file.id), { cookie: s.associate.cookie });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe(PDF_TYPE);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Relev_ Q3 _final_.pdf"; filename*=UTF-8''Relev%C3%A9%20Q3%20%22final%22.pdf`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('content-length')).toBe(String(bytes.byteLength));

    const [entry, ...more] = await entriesOf(s.orgId, 'attachment_downloaded');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: s.associate.userId,
      entityType: 'message_attachment',
      entityId: file.id,
      details: {
        message_id: s.messageId,
        project_id: s.projectId,
        file_name: 'Relevé Q3 "final".pdf',
        size_bytes: bytes.byteLength,
      },
    });
  });

  it('never serves an HTML, SVG or unknown attachment as anything a browser renders', async () => {
    const s = await scene();
    const cases: [string, string, string][] = [
      ['note.html', 'text/html', '<script>alert(document.cookie)</script>'],
      ['logo.svg', 'image/svg+xml', '<svg onload="alert(1)"/>'],
      ['data.bin', 'application/x-unknown<>', 'x'],
    ];
    for (const [name, type, content] of cases) {
      const file = await s.attach(name, type, Buffer.from(content));
      const res = await ctx.request('GET', urlOf(s.messageId, file.id), { cookie: s.associate.cookie });
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type'), name).toBe('application/octet-stream');
      expect(res.headers.get('content-disposition'), name).toMatch(/^attachment; /);
      expect(res.headers.get('content-security-policy'), name).toBe("default-src 'none'; sandbox");
      expect(await res.text()).toBe(content);
    }
    // An is_associate reads the inbox, and so its attachments.
    const analyst = await ctx.signInAs('is_associate', s.orgId);
    const text = await s.attach('notes.txt', 'text/plain', Buffer.from('plain'));
    const res = await ctx.request('GET', urlOf(s.messageId, text.id), { cookie: analyst.cookie });
    expect(res.headers.get('content-type')).toBe('text/plain');
  });

  it('answers 404 for another organisation’s attachment, another message’s and a missing file, recording nothing', async () => {
    const s = await scene();
    const file = await s.attach('statement.pdf', PDF_TYPE, buildPdf([['Q3']]));
    const outsider = await ctx.signInAs('admin');
    const other = await scene();
    expect((await ctx.request('GET', urlOf(s.messageId, file.id), { cookie: outsider.cookie })).status).toBe(
      404,
    );
    expect(
      (await ctx.request('GET', urlOf(other.messageId, file.id), { cookie: other.associate.cookie })).status,
    ).toBe(404);
    expect(
      (await ctx.request('GET', urlOf(s.messageId, SOME_ID), { cookie: s.associate.cookie })).status,
    ).toBe(404);
    rmSync(file.path);
    expect(
      (await ctx.request('GET', urlOf(s.messageId, file.id), { cookie: s.associate.cookie })).status,
    ).toBe(404);
    expect(await entriesOf(s.orgId, 'attachment_downloaded')).toHaveLength(0);
    expect(await entriesOf(outsider.orgId, 'attachment_downloaded')).toHaveLength(0);
  });
});

describe('POST /api/messages/:id/attachments/:attachmentId/document', () => {
  function addToDocuments(cookie: string, messageId: string, attachmentId: string, body: unknown = {}) {
    return ctx.request('POST', `${urlOf(messageId, attachmentId)}/document`, { cookie, body });
  }

  it('adds a PDF to the message’s fund through the upload, indexed, and links the attachment to it', async () => {
    const s = await scene();
    const file = await s.attach('Q3 statement.pdf', PDF_TYPE, buildPdf([['The Q3 distribution is 2.1%.']]));
    const res = await addToDocuments(s.associate.cookie, s.messageId, file.id);
    expect(res.status, await res.clone().text()).toBe(201);
    const document = await json(res);
    expect(document).toMatchObject({
      project_id: s.projectId,
      file_name: 'Q3 statement.pdf',
      content_type: PDF_TYPE,
      status: 'indexed',
    });
    const passages = await ctx.db
      .select({ text: documentPassages.text })
      .from(documentPassages)
      .where(eq(documentPassages.documentId, document.id));
    expect(passages.map((p) => p.text).join(' ')).toContain('Q3 distribution');
    const [row] = await ctx.db.select().from(messageAttachments).where(eq(messageAttachments.id, file.id));
    expect(row?.documentId).toBe(document.id);
    // The upload's own entry, then the link's.
    expect(await entriesOf(s.orgId, 'document_uploaded')).toHaveLength(1);
    const [entry] = await entriesOf(s.orgId, 'attachment_added_to_documents');
    expect(entry).toMatchObject({
      actorId: s.associate.userId,
      entityType: 'message_attachment',
      entityId: file.id,
      details: { message_id: s.messageId, project_id: s.projectId, document_id: document.id },
    });
    // The thread shows it added.
    const thread = await json(
      await ctx.request('GET', `/api/messages/${s.messageId}/thread`, { cookie: s.associate.cookie }),
    );
    expect(thread.entries[0].message.attachments[0]).toMatchObject({
      document_id: document.id,
      addable: false,
    });

    // Once is enough: a second time is a 409, and nothing more is written.
    const again = await addToDocuments(s.associate.cookie, s.messageId, file.id);
    expect(again.status).toBe(409);
    expect((await json(again)).error.code).toBe('ATTACHMENT_ALREADY_ADDED');
    expect(
      await ctx.db.select().from(projectDocuments).where(eq(projectDocuments.projectId, s.projectId)),
    ).toHaveLength(1);
  });

  it('adds a DOCX whose name lacks its extension to the fund named', async () => {
    const s = await scene({ withFund: false });
    const fund = await insertProject(ctx.db, { orgId: s.orgId });
    const file = await s.attach(
      'side letter',
      DOCX_TYPE,
      buildDocx(['The side letter grants co-investment rights.']),
    );
    const res = await addToDocuments(s.associate.cookie, s.messageId, file.id, { project_id: fund });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await json(res)).toMatchObject({
      project_id: fund,
      file_name: 'side letter.docx',
      status: 'indexed',
    });
  });

  it('refuses what it cannot add, naming the attachment or the fund, and writes nothing', async () => {
    const s = await scene({ withFund: false });
    const pdf = await s.attach('statement.pdf', PDF_TYPE, buildPdf([['Q3']]));
    const image = await s.attach('scan.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const outsider = await ctx.signInAs('ir_director');
    const foreignFund = await insertProject(ctx.db, { orgId: outsider.orgId });

    const notAddable = await addToDocuments(s.associate.cookie, s.messageId, image.id, {
      project_id: s.projectId,
    });
    expect(notAddable.status).toBe(422);
    expect((await json(notAddable)).error).toMatchObject({
      code: 'ATTACHMENT_NOT_ADDABLE',
      fields: { attachmentId: expect.any(String) },
    });
    const noFund = await addToDocuments(s.associate.cookie, s.messageId, pdf.id);
    expect(noFund.status).toBe(422);
    expect((await json(noFund)).error).toMatchObject({
      code: 'FUND_NOT_AVAILABLE',
      fields: { project_id: expect.any(String) },
    });
    const foreign = await addToDocuments(s.associate.cookie, s.messageId, pdf.id, {
      project_id: foreignFund,
    });
    expect(foreign.status).toBe(422);
    expect((await json(foreign)).error.fields).toHaveProperty('project_id');
    const notOurs = await addToDocuments(outsider.cookie, s.messageId, pdf.id, { project_id: foreignFund });
    expect(notOurs.status).toBe(404);
    const analyst = await ctx.signInAs('is_associate', s.orgId);
    expect(
      (await addToDocuments(analyst.cookie, s.messageId, pdf.id, { project_id: s.projectId })).status,
    ).toBe(403);

    for (const projectId of [s.projectId, foreignFund]) {
      expect(
        await ctx.db.select().from(projectDocuments).where(eq(projectDocuments.projectId, projectId)),
      ).toHaveLength(0);
    }
    expect(await entriesOf(s.orgId, 'attachment_added_to_documents')).toHaveLength(0);
    const [row] = await ctx.db.select().from(messageAttachments).where(eq(messageAttachments.id, pdf.id));
    expect(row?.documentId).toBeNull();
  });
});
