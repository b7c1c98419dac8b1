import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RETENTION_FLOOR_YEARS } from '@parley/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backdateDocument, insertMessage, insertProject, uniqueEmail } from '../../../test/factories';
import { createTestContext, json, TEST_ORIGIN } from '../../../test/test-app';
import { insertAttachment, insertInboundEmail } from '../../../test/thread-fixtures';
import {
  aiResponses,
  auditLogs,
  emailEvents,
  emailOutbox,
  erasureRequests,
  inboundEmails,
  investorMessages,
  investorProfiles,
  legalHolds,
  messageAttachments,
  organizations,
  projectDocuments,
} from '../../db/schema';

const ctx = await createTestContext({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-retention-')) });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function yearsAgo(years: number, extraDays = 0): Date {
  const date = new Date(ctx.clock.now().getTime());
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - extraDays);
  return date;
}

async function auditOf(orgId: string, actionType?: string) {
  const rows = await ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), actionType ? eq(auditLogs.actionType, actionType) : undefined))
    .orderBy(asc(auditLogs.seq));
  return rows;
}

async function uploadDocument(cookie: string, projectId: string) {
  const form = new FormData();
  form.append(
    'file',
    new File([Buffer.from('Capital call due 30 June.')], 'notice.txt', { type: 'text/plain' }),
  );
  const res = await ctx.app.request(`${TEST_ORIGIN}/api/projects/${projectId}/documents`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

function deleteDocument(cookie: string, projectId: string, documentId: string) {
  return ctx.request('DELETE', `/api/projects/${projectId}/documents/${documentId}`, { cookie });
}

/** The preview takes the address in a JSON body: never in the URL, so never in an access log. */
function previewErasure(cookie: string, email: string) {
  return ctx.request('POST', '/api/retention/erasure-preview', { cookie, body: { investor_email: email } });
}

async function placeHold(cookie: string, body: Record<string, unknown>) {
  const res = await ctx.request('POST', '/api/retention/holds', { cookie, body });
  expect(res.status).toBe(201);
  return json(res);
}

describe('retention period', () => {
  it('lets only admins read and change retention, holds and erasures', async () => {
    await ctx.expectGuarded('GET', '/api/retention', 'admin.manage');
    await ctx.expectGuarded('PATCH', '/api/retention', 'admin.manage', { retention_years: 7 });
    await ctx.expectGuarded('GET', '/api/retention/holds', 'admin.manage');
    await ctx.expectGuarded('POST', '/api/retention/holds', 'admin.manage', { scope: 'all', reason: 'x' });
    await ctx.expectGuarded('POST', `/api/retention/holds/${UNKNOWN_ID}/release`, 'admin.manage', {
      reason: 'x',
    });
    await ctx.expectGuarded('POST', '/api/retention/erasure-preview', 'admin.manage', {
      investor_email: 'a@example.com',
    });
    await ctx.expectGuarded('POST', '/api/retention/erasures', 'admin.manage', {
      investor_email: 'a@example.com',
      reason: 'x',
    });
  });

  it('starts every organisation at 7 years, with the floor, no holds and no erasure', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await ctx.request('GET', '/api/retention', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      retention_years: 7,
      floor_years: RETENTION_FLOOR_YEARS,
      default_years: 7,
      active_holds: 0,
      last_erasure: null,
    });
  });

  it('refuses a period below the floor, above 100 or not a whole number, naming the field and writing nothing', async () => {
    const admin = await ctx.signInAs('admin');
    const before = (await auditOf(admin.orgId)).length;
    for (const value of [5, 0, -1, 101, 6.5, '7', null]) {
      const res = await ctx.request('PATCH', '/api/retention', {
        cookie: admin.cookie,
        body: { retention_years: value },
      });
      expect(res.status, String(value)).toBe(400);
      const body = await json(res);
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.fields).toHaveProperty('retention_years');
    }
    const below = await ctx.request('PATCH', '/api/retention', {
      cookie: admin.cookie,
      body: { retention_years: 5 },
    });
    expect((await json(below)).error.fields.retention_years).toBe(
      'Records must be kept for at least 6 years',
    );
    const [org] = await ctx.db
      .select({ years: organizations.retentionYears })
      .from(organizations)
      .where(eq(organizations.id, admin.orgId));
    expect(org?.years).toBe(7);
    expect(await auditOf(admin.orgId)).toHaveLength(before);
  });

  it('keeps the floor in the database too, whoever writes', async () => {
    const admin = await ctx.signInAs('admin');
    await expect(
      ctx.db.update(organizations).set({ retentionYears: 5 }).where(eq(organizations.id, admin.orgId)),
    ).rejects.toThrow();
  });

  it('changes the period with one audit entry holding before and after, and none when nothing changes', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await ctx.request('PATCH', '/api/retention', {
      cookie: admin.cookie,
      body: { retention_years: 10 },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ retention_years: 10 });
    const same = await ctx.request('PATCH', '/api/retention', {
      cookie: admin.cookie,
      body: { retention_years: 10 },
    });
    expect(same.status).toBe(200);
    const entries = await auditOf(admin.orgId, 'retention_period_updated');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: admin.userId,
      entityType: 'organization',
      entityId: admin.orgId,
      details: { before: { retention_years: 7 }, after: { retention_years: 10 } },
    });
  });
});

describe('legal holds', () => {
  it('places holds on an investor, a fund and everything, each with its reason, audited', async () => {
    const admin = await ctx.signInAs('admin');
    const projectId = await insertProject(ctx.db, { orgId: admin.orgId });
    const investor = await placeHold(admin.cookie, {
      scope: 'investor',
      investor_email: '  Jane.Hart@Example.COM ',
      reason: 'Subpoena 2026-17',
    });
    expect(investor).toMatchObject({
      scope: 'investor',
      investor_email: 'jane.hart@example.com',
      project: null,
      reason: 'Subpoena 2026-17',
      placed_by_name: 'Test admin',
      released_at: null,
    });
    const fund = await placeHold(admin.cookie, {
      scope: 'project',
      project_id: projectId,
      reason: 'SEC inquiry',
    });
    expect(fund.project).toMatchObject({ id: projectId });
    await placeHold(admin.cookie, { scope: 'all', reason: 'Litigation hold' });

    const summary = await json(await ctx.request('GET', '/api/retention', { cookie: admin.cookie }));
    expect(summary.active_holds).toBe(3);
    const placed = await auditOf(admin.orgId, 'legal_hold_placed');
    expect(placed.map((e) => e.details)).toEqual([
      { scope: 'investor', investor_email: 'jane.hart@example.com', reason: 'Subpoena 2026-17' },
      { scope: 'project', project_id: projectId, project_name: expect.any(String), reason: 'SEC inquiry' },
      { scope: 'all', reason: 'Litigation hold' },
    ]);
  });

  it('refuses a hold without a reason, without a target or on another organisation’s fund, writing nothing', async () => {
    const admin = await ctx.signInAs('admin');
    const other = await ctx.createOrg();
    const foreignFund = await insertProject(ctx.db, { orgId: other });
    const cases: [Record<string, unknown>, string][] = [
      [{ scope: 'all', reason: '   ' }, 'reason'],
      [{ scope: 'all' }, 'reason'],
      [{ scope: 'investor', reason: 'x' }, 'investor_email'],
      [{ scope: 'investor', investor_email: 'not-an-address', reason: 'x' }, 'investor_email'],
      [{ scope: 'project', reason: 'x' }, 'project_id'],
      [{ scope: 'project', project_id: foreignFund, reason: 'x' }, 'project_id'],
      [{ scope: 'planet', reason: 'x' }, 'scope'],
    ];
    for (const [body, field] of cases) {
      const res = await ctx.request('POST', '/api/retention/holds', { cookie: admin.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await ctx.db.select().from(legalHolds).where(eq(legalHolds.orgId, admin.orgId))).toHaveLength(0);
    expect(await auditOf(admin.orgId, 'legal_hold_placed')).toHaveLength(0);
  });

  it('lists active and released holds with who, when and why, and releases once with a reason', async () => {
    const admin = await ctx.signInAs('admin');
    const first = await placeHold(admin.cookie, { scope: 'all', reason: 'First' });
    ctx.clock.advance(1000);
    const second = await placeHold(admin.cookie, {
      scope: 'investor',
      investor_email: 'a@example.com',
      reason: 'Second',
    });

    const noReason = await ctx.request('POST', `/api/retention/holds/${first.id}/release`, {
      cookie: admin.cookie,
      body: {},
    });
    expect(noReason.status).toBe(400);
    expect((await json(noReason)).error.fields).toHaveProperty('reason');

    ctx.clock.advance(1000);
    const released = await ctx.request('POST', `/api/retention/holds/${first.id}/release`, {
      cookie: admin.cookie,
      body: { reason: 'Matter closed' },
    });
    expect(released.status).toBe(200);
    expect(await json(released)).toMatchObject({
      id: first.id,
      released_at: ctx.clock.now().toISOString(),
      released_by_name: 'Test admin',
      release_reason: 'Matter closed',
    });
    const again = await ctx.request('POST', `/api/retention/holds/${first.id}/release`, {
      cookie: admin.cookie,
      body: { reason: 'Twice' },
    });
    expect(again.status).toBe(409);
    expect((await json(again)).error.code).toBe('HOLD_ALREADY_RELEASED');

    const list = async (status: string) =>
      (
        await json(
          await ctx.request('GET', `/api/retention/holds?status=${status}`, { cookie: admin.cookie }),
        )
      ).holds;
    expect((await list('active')).map((h: { id: string }) => h.id)).toEqual([second.id]);
    expect((await list('released')).map((h: { id: string }) => h.id)).toEqual([first.id]);
    expect((await list('all')).map((h: { id: string }) => h.id)).toEqual([second.id, first.id]);

    const page1 = await json(
      await ctx.request('GET', '/api/retention/holds?limit=1', { cookie: admin.cookie }),
    );
    expect(page1.holds.map((h: { id: string }) => h.id)).toEqual([second.id]);
    const page2 = await json(
      await ctx.request('GET', `/api/retention/holds?limit=1&cursor=${page1.next_cursor}`, {
        cookie: admin.cookie,
      }),
    );
    expect(page2).toMatchObject({ holds: [{ id: first.id }], next_cursor: null });

    const releasedEntries = await auditOf(admin.orgId, 'legal_hold_released');
    expect(releasedEntries).toHaveLength(1);
    expect(releasedEntries[0]).toMatchObject({
      entityId: first.id,
      details: { scope: 'all', reason: 'Matter closed' },
    });
  });

  it('answers another organisation’s hold as not found', async () => {
    const admin = await ctx.signInAs('admin');
    const stranger = await ctx.signInAs('admin');
    const hold = await placeHold(admin.cookie, { scope: 'all', reason: 'Ours' });
    const res = await ctx.request('POST', `/api/retention/holds/${hold.id}/release`, {
      cookie: stranger.cookie,
      body: { reason: 'Theirs' },
    });
    expect(res.status).toBe(404);
  });
});

describe('deleting a fund document', () => {
  async function scene() {
    const admin = await ctx.signInAs('admin');
    const projectId = await insertProject(ctx.db, { orgId: admin.orgId });
    const doc = await uploadDocument(admin.cookie, projectId);
    return { admin, projectId, doc };
  }

  async function documentExists(id: string) {
    return (await ctx.db.select().from(projectDocuments).where(eq(projectDocuments.id, id))).length === 1;
  }

  it('refuses a document inside the retention period, naming the day it may go, and writes nothing', async () => {
    const { admin, projectId, doc } = await scene();
    const res = await deleteDocument(admin.cookie, projectId, doc.id);
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.error.code).toBe('RECORD_UNDER_RETENTION');
    const until = new Date(ctx.clock.now().getTime());
    until.setUTCFullYear(until.getUTCFullYear() + 7);
    expect(body.error.message).toBe(
      `This document must be kept until ${until.toISOString().slice(0, 10)} under your organisation's retention period of 7 years, so it cannot be deleted yet.`,
    );
    expect(await documentExists(doc.id)).toBe(true);
    expect(await auditOf(admin.orgId, 'document_deleted')).toHaveLength(0);
  });

  it('counts the period the organisation set: allowed past it, refused inside it', async () => {
    const { admin, projectId, doc } = await scene();
    await ctx.db
      .update(projectDocuments)
      .set({ createdAt: yearsAgo(6, 30) })
      .where(eq(projectDocuments.id, doc.id));
    expect((await deleteDocument(admin.cookie, projectId, doc.id)).status).toBe(409);
    await ctx.request('PATCH', '/api/retention', { cookie: admin.cookie, body: { retention_years: 6 } });
    const res = await deleteDocument(admin.cookie, projectId, doc.id);
    expect(res.status).toBe(200);
    expect(await documentExists(doc.id)).toBe(false);
    expect(await auditOf(admin.orgId, 'document_deleted')).toHaveLength(1);
  });

  it('refuses a document past retention while a hold on its fund or on everything is active, until released', async () => {
    const { admin, projectId, doc } = await scene();
    await backdateDocument(ctx.db, doc.id, ctx.clock.now());
    const fundHold = await placeHold(admin.cookie, {
      scope: 'project',
      project_id: projectId,
      reason: 'Inquiry',
    });
    const allHold = await placeHold(admin.cookie, { scope: 'all', reason: 'Litigation' });

    const underBoth = await deleteDocument(admin.cookie, projectId, doc.id);
    expect(underBoth.status).toBe(409);
    expect((await json(underBoth)).error).toMatchObject({
      code: 'RECORD_UNDER_LEGAL_HOLD',
      message:
        'A legal hold covers this record, so it cannot be deleted or erased until the hold is released.',
    });
    await ctx.request('POST', `/api/retention/holds/${fundHold.id}/release`, {
      cookie: admin.cookie,
      body: { reason: 'Closed' },
    });
    expect((await deleteDocument(admin.cookie, projectId, doc.id)).status).toBe(409);
    await ctx.request('POST', `/api/retention/holds/${allHold.id}/release`, {
      cookie: admin.cookie,
      body: { reason: 'Closed' },
    });
    expect(await documentExists(doc.id)).toBe(true);
    expect(await auditOf(admin.orgId, 'document_deleted')).toHaveLength(0);
    expect((await deleteDocument(admin.cookie, projectId, doc.id)).status).toBe(200);
    expect(await documentExists(doc.id)).toBe(false);
  });

  it('is not held by a hold on another fund or on an investor', async () => {
    const { admin, projectId, doc } = await scene();
    const otherFund = await insertProject(ctx.db, { orgId: admin.orgId });
    await backdateDocument(ctx.db, doc.id, ctx.clock.now());
    await placeHold(admin.cookie, { scope: 'project', project_id: otherFund, reason: 'Other fund' });
    await placeHold(admin.cookie, {
      scope: 'investor',
      investor_email: 'jane@example.com',
      reason: 'Investor',
    });
    expect((await deleteDocument(admin.cookie, projectId, doc.id)).status).toBe(200);
  });

  it('is not held by another organisation’s hold on everything', async () => {
    const { admin, projectId, doc } = await scene();
    const stranger = await ctx.signInAs('admin');
    await placeHold(stranger.cookie, { scope: 'all', reason: 'Theirs' });
    await backdateDocument(ctx.db, doc.id, ctx.clock.now());
    expect((await deleteDocument(admin.cookie, projectId, doc.id)).status).toBe(200);
  });
});

describe('erasure of an investor’s personal data', () => {
  const NAME = 'Jane Hart';

  async function scene() {
    const admin = await ctx.signInAs('admin');
    const email = uniqueEmail('jane');
    const projectId = await insertProject(ctx.db, { orgId: admin.orgId });
    const oldDate = yearsAgo(8);
    const oldMessage = await insertMessage(ctx.db, {
      orgId: admin.orgId,
      projectId,
      investorName: NAME,
      investorEmail: email.toUpperCase(),
      subject: `Distribution for ${NAME}`,
      bodyText: `Hello, this is jane hart (${email}). When is the distribution paid?`,
      createdAt: oldDate,
      updatedAt: oldDate,
    });
    await ctx.db.insert(aiResponses).values({
      orgId: admin.orgId,
      messageId: oldMessage,
      versionNumber: 1,
      source: 'edited',
      aiDraft: `Dear ${NAME}, the distribution is paid in July.`,
      finalResponse: `Dear ${NAME}, the distribution is paid in July.`,
      citations: [],
      provenance: {},
      createdAt: oldDate,
    });
    const [mail] = await ctx.db
      .insert(emailOutbox)
      .values({
        orgId: admin.orgId,
        createdAt: oldDate,
        toEmail: email,
        template: 'investor_reply',
        category: 'transactional',
        subject: `Re: Distribution for ${NAME}`,
        textBody: `Dear ${NAME}, the distribution is paid in July.`,
        htmlBody: `<p>Dear ${NAME}, the distribution is paid in July.</p>`,
        headers: {},
        rawMessage: `To: ${email}\r\nSubject: Re: Distribution for ${NAME}\r\n\r\nDear ${NAME}, the distribution is paid in July.\r\n`,
        status: 'sent',
      })
      .returning({ id: emailOutbox.id });
    if (!mail) throw new Error('no mail');
    await ctx.db.insert(emailEvents).values({
      orgId: admin.orgId,
      outboxId: mail.id,
      createdAt: oldDate,
      actionType: 'email_sent',
      recipientEmail: email,
      template: 'investor_reply',
      success: true,
    });
    // Last year's message is inside the 7-year period and must stay as made.
    const recentMessage = await insertMessage(ctx.db, {
      orgId: admin.orgId,
      projectId,
      investorName: NAME,
      investorEmail: email,
      subject: 'Capital call',
      bodyText: `Regards, ${NAME}`,
      createdAt: yearsAgo(1),
      updatedAt: yearsAgo(1),
    });
    return { admin, email, projectId, oldMessage, recentMessage, mailId: mail.id };
  }

  async function messageRow(id: string) {
    const [row] = await ctx.db.select().from(investorMessages).where(eq(investorMessages.id, id));
    return row;
  }

  it('previews what will happen: counts, the pseudonym and the day the last kept record leaves retention', async () => {
    const s = await scene();
    const entriesBefore = (await auditOf(s.admin.orgId)).length;
    const res = await previewErasure(s.admin.cookie, s.email);
    expect(res.status).toBe(200);
    // Read-only: nothing recorded; and the address never goes in the URL, which has no GET form.
    expect(await auditOf(s.admin.orgId)).toHaveLength(entriesBefore);
    const asQuery = await ctx.request(
      'GET',
      `/api/retention/erasure-preview?email=${encodeURIComponent(s.email)}`,
      {
        cookie: s.admin.cookie,
      },
    );
    expect(asQuery.status).toBe(404);
    const until = yearsAgo(1);
    until.setUTCFullYear(until.getUTCFullYear() + 7);
    expect(await json(res)).toEqual({
      pseudonym: expect.stringMatching(/^Investor [0-9a-f]{8}$/),
      messages_pseudonymised: 1,
      messages_retained: 1,
      emails_pseudonymised: 1,
      emails_retained: 0,
      retained_until: until.toISOString().slice(0, 10),
      blocking_holds: [],
    });
    expect((await messageRow(s.oldMessage))?.investorName).toBe(NAME);
  });

  it('pseudonymises the records outside retention, keeps those inside it, and records counts and pseudonym only', async () => {
    const s = await scene();
    const res = await ctx.request('POST', '/api/retention/erasures', {
      cookie: s.admin.cookie,
      body: { investor_email: s.email, reason: 'Article 17 request of 2 May' },
    });
    expect(res.status).toBe(201);
    const result = await json(res);
    const pseudonym: string = result.pseudonym;
    expect(result).toMatchObject({
      messages_pseudonymised: 1,
      messages_retained: 1,
      emails_pseudonymised: 1,
    });
    const tag = pseudonym.slice('Investor '.length);

    const old = await messageRow(s.oldMessage);
    expect(old).toMatchObject({
      investorName: pseudonym,
      investorEmail: `investor-${tag}@erased.invalid`,
      subject: `Distribution for ${pseudonym}`,
      bodyText: `Hello, this is ${pseudonym} (${pseudonym}). When is the distribution paid?`,
    });
    const [version] = await ctx.db.select().from(aiResponses).where(eq(aiResponses.messageId, s.oldMessage));
    expect(version?.aiDraft).toBe(`Dear ${pseudonym}, the distribution is paid in July.`);
    expect(version?.finalResponse).toBe(`Dear ${pseudonym}, the distribution is paid in July.`);
    const [mail] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, s.mailId));
    expect(mail).toMatchObject({
      toEmail: `investor-${tag}@erased.invalid`,
      subject: `Re: Distribution for ${pseudonym}`,
      htmlBody: `<p>Dear ${pseudonym}, the distribution is paid in July.</p>`,
      // The message as sent keeps its shape: an address where the address was.
      rawMessage: `To: investor-${tag}@erased.invalid\r\nSubject: Re: Distribution for ${pseudonym}\r\n\r\nDear ${pseudonym}, the distribution is paid in July.\r\n`,
    });
    const [event] = await ctx.db.select().from(emailEvents).where(eq(emailEvents.outboxId, s.mailId));
    expect(event?.recipientEmail).toBe(`investor-${tag}@erased.invalid`);

    const recent = await messageRow(s.recentMessage);
    expect(recent).toMatchObject({
      investorName: NAME,
      investorEmail: s.email,
      bodyText: `Regards, ${NAME}`,
    });

    const [entry, ...more] = await auditOf(s.admin.orgId, 'investor_data_erased');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorId: s.admin.userId,
      entityType: 'erasure_request',
      entityId: result.id,
      details: {
        pseudonym,
        messages_pseudonymised: 1,
        messages_retained: 1,
        emails_pseudonymised: 1,
        emails_retained: 0,
        message_ids: [s.oldMessage],
        reason: 'Article 17 request of 2 May',
      },
    });
    const recorded = JSON.stringify(entry?.details).toLowerCase();
    expect(recorded).not.toContain(s.email);
    expect(recorded).not.toContain('hart');
    const [request] = await ctx.db.select().from(erasureRequests).where(eq(erasureRequests.id, result.id));
    expect(JSON.stringify(request).toLowerCase()).not.toContain('hart');

    const summary = await json(await ctx.request('GET', '/api/retention', { cookie: s.admin.cookie }));
    expect(summary.last_erasure).toMatchObject({ pseudonym, by_name: 'Test admin' });

    // Once last year's message leaves retention, a second request finishes it under the same pseudonym.
    await ctx.db
      .update(investorMessages)
      .set({ createdAt: yearsAgo(8), updatedAt: yearsAgo(8) })
      .where(eq(investorMessages.id, s.recentMessage));
    const second = await json(
      await ctx.request('POST', '/api/retention/erasures', {
        cookie: s.admin.cookie,
        body: { investor_email: s.email, reason: 'Remaining records' },
      }),
    );
    expect(second).toMatchObject({ pseudonym, messages_pseudonymised: 1, messages_retained: 0 });
    expect((await messageRow(s.recentMessage))?.bodyText).toBe(`Regards, ${pseudonym}`);
  });

  it('is refused while a hold covers the investor, a fund they wrote about or everything, changing nothing', async () => {
    const s = await scene();
    const holds = [
      { scope: 'investor', investor_email: s.email, reason: 'Subpoena' },
      { scope: 'project', project_id: s.projectId, reason: 'Inquiry' },
      { scope: 'all', reason: 'Litigation' },
    ];
    for (const body of holds) {
      const hold = await placeHold(s.admin.cookie, body);
      const preview = await json(await previewErasure(s.admin.cookie, s.email));
      expect(preview.blocking_holds.map((h: { id: string }) => h.id)).toEqual([hold.id]);
      const res = await ctx.request('POST', '/api/retention/erasures', {
        cookie: s.admin.cookie,
        body: { investor_email: s.email, reason: 'Request' },
      });
      expect(res.status, body.scope).toBe(409);
      expect((await json(res)).error.code).toBe('RECORD_UNDER_LEGAL_HOLD');
      await ctx.request('POST', `/api/retention/holds/${hold.id}/release`, {
        cookie: s.admin.cookie,
        body: { reason: 'Released' },
      });
    }
    expect((await messageRow(s.oldMessage))?.investorName).toBe(NAME);
    const [mail] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, s.mailId));
    expect(mail?.toEmail).toBe(s.email);
    expect(await auditOf(s.admin.orgId, 'investor_data_erased')).toHaveLength(0);
    expect(
      await ctx.db.select().from(erasureRequests).where(eq(erasureRequests.orgId, s.admin.orgId)),
    ).toHaveLength(0);
  });

  it('refuses a request without a reason or a valid address, naming the field', async () => {
    const admin = await ctx.signInAs('admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ investor_email: 'a@example.com' }, 'reason'],
      [{ investor_email: 'a@example.com', reason: ' ' }, 'reason'],
      [{ investor_email: 'nope', reason: 'x' }, 'investor_email'],
    ];
    for (const [body, field] of cases) {
      const res = await ctx.request('POST', '/api/retention/erasures', { cookie: admin.cookie, body });
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields).toHaveProperty(field);
    }
    const preview = await previewErasure(admin.cookie, 'nope');
    expect(preview.status).toBe(400);
    expect((await json(preview)).error.fields).toHaveProperty('investor_email');
  });

  it('leaves another organisation’s records of the same address alone', async () => {
    const s = await scene();
    const stranger = await ctx.signInAs('admin');
    const res = await ctx.request('POST', '/api/retention/erasures', {
      cookie: stranger.cookie,
      body: { investor_email: s.email, reason: 'Not ours' },
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ messages_pseudonymised: 0, messages_retained: 0 });
    expect((await messageRow(s.oldMessage))?.investorName).toBe(NAME);
  });

  it('removes the investor’s type (docs/decisions/054-communication-class.md), only in its organisation', async () => {
    const s = await scene();
    const stranger = await ctx.signInAs('admin');
    await ctx.db.insert(investorProfiles).values([
      { orgId: s.admin.orgId, email: s.email.toLowerCase(), investorType: 'institutional' },
      { orgId: stranger.orgId, email: s.email.toLowerCase(), investorType: 'accredited' },
    ]);
    const res = await ctx.request('POST', '/api/retention/erasures', {
      cookie: s.admin.cookie,
      body: { investor_email: s.email.toUpperCase(), reason: 'The investor asked to be forgotten' },
    });
    expect(res.status).toBe(201);
    const left = await ctx.db
      .select({ orgId: investorProfiles.orgId })
      .from(investorProfiles)
      .where(eq(investorProfiles.email, s.email.toLowerCase()));
    expect(left).toEqual([{ orgId: stranger.orgId }]);
  });

  it('erases the mail and attachments of the messages it pseudonymises, keeps those of retained ones, and removes the files', async () => {
    const s = await scene();
    const oldDate = yearsAgo(8);
    const received = async (messageId: string | null, receivedAt: Date) =>
      insertInboundEmail(ctx.db, {
        orgId: s.admin.orgId,
        messageId,
        fromAddress: s.email,
        receivedAt,
        subject: `Distribution for ${NAME}`,
        raw: `From: ${NAME} <${s.email}>\r\nSubject: Distribution\r\n\r\nRegards, ${NAME}\r\n`,
      });
    const oldMail = await received(s.oldMessage, oldDate);
    const oldAutoReply = await received(null, oldDate);
    const recentMail = await received(s.recentMessage, yearsAgo(1));
    const attach = (messageId: string) =>
      insertAttachment(ctx.db, ctx.config.attachmentsDir, {
        orgId: s.admin.orgId,
        messageId,
        fileName: `${NAME} statement.pdf`,
        contentType: 'application/pdf',
        bytes: Buffer.from('%PDF-1.4 statement'),
      });
    const oldFile = await attach(s.oldMessage);
    const recentFile = await attach(s.recentMessage);

    // A hold refuses the erasure and keeps every file.
    const hold = await placeHold(s.admin.cookie, {
      scope: 'investor',
      investor_email: s.email,
      reason: 'Subpoena',
    });
    const held = await ctx.request('POST', '/api/retention/erasures', {
      cookie: s.admin.cookie,
      body: { investor_email: s.email, reason: 'Request' },
    });
    expect(held.status).toBe(409);
    expect(existsSync(oldFile.path)).toBe(true);
    await ctx.request('POST', `/api/retention/holds/${hold.id}/release`, {
      cookie: s.admin.cookie,
      body: { reason: 'Released' },
    });

    const res = await ctx.request('POST', '/api/retention/erasures', {
      cookie: s.admin.cookie,
      body: { investor_email: s.email, reason: 'Article 17 request' },
    });
    expect(res.status).toBe(201);
    const { pseudonym } = await json(res);
    const tag = pseudonym.slice('Investor '.length);
    const mailOf = async (id: string) => {
      const [row] = await ctx.db.select().from(inboundEmails).where(eq(inboundEmails.id, id));
      return row;
    };
    for (const id of [oldMail.id, oldAutoReply.id]) {
      expect(await mailOf(id)).toMatchObject({
        raw: null,
        fromAddress: `investor-${tag}@erased.invalid`,
        envelopeFrom: `investor-${tag}@erased.invalid`,
        subject: `Distribution for ${pseudonym}`,
      });
    }
    // Last year's mail is a record inside the period: kept as received.
    expect(await mailOf(recentMail.id)).toMatchObject({ fromAddress: s.email.toLowerCase() });
    expect((await mailOf(recentMail.id))?.raw).not.toBeNull();

    const attachments = await ctx.db
      .select({ id: messageAttachments.id })
      .from(messageAttachments)
      .where(eq(messageAttachments.orgId, s.admin.orgId));
    expect(attachments).toEqual([{ id: recentFile.id }]);
    expect(existsSync(oldFile.path)).toBe(false);
    expect(existsSync(recentFile.path)).toBe(true);
    const [entry] = await auditOf(s.admin.orgId, 'investor_data_erased');
    expect(entry?.details).toMatchObject({ received_mail_erased: 2, attachments_deleted: 1 });
    expect(JSON.stringify(entry?.details).toLowerCase()).not.toContain('hart');
  });
});
