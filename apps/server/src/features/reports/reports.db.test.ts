import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliverWebhook, deliveryEvent } from '../../../test/email-webhook';
import { insertProject } from '../../../test/factories';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestContext, json } from '../../../test/test-app';
import { aiResponses, auditLogs, emailOutbox, reports } from '../../db/schema';
import { runReportJobs } from '../../jobs/reports';
import { createLogger } from '../../lib/logger';
import { RealtimeHub } from '../realtime/realtime.hub';
import { REPORT_STALE_AFTER_MS, REPORT_STALE_ERROR } from './reports.service';

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const ctx = await createTestContext({ EMAIL_WEBHOOK_SECRET: WEBHOOK_SECRET }, { mailer: smtp.mailer });

/** What the reports job runs with: the outbox's sender and the audit signing key. */
const jobDeps = { ...ctx.emailDeps, auditSigner: ctx.auditDeps.auditSigner };

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const NOVEMBER = { period_start: '2026-11-01', period_end: '2026-11-30' };

// States no figure: the drafts cite no passage, so a figure would be flagged unsupported (decision 026).
const CLEAN_TEXT =
  'Dear Jane,\n\nThe Q3 distribution was paid as the quarterly letter set out.\n\nKind regards,\nThe IR team';
const GUARANTEED_TEXT = 'Dear Jane,\n\nYour returns are guaranteed.\n\nKind regards';
const OVERRIDE_REASON = 'Reviewed with compliance: the wording is quoted from the signed side letter.';
const DISMISS_REASON = 'Quoted from the investor’s own question, not a promise of ours.';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** RFC 4180 as the reports write it: quoted cells, doubled quotes, CRLF rows; the header row keys each row. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  const [header = [], ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

type Member = Awaited<ReturnType<typeof ctx.createUser>>;

/** A fresh session of the member at the clock's time (sessions end after 30 idle minutes). */
async function cookieOf(member: Member) {
  return (await ctx.signInUser(member)).cookie;
}

const at = (iso: string) => ctx.clock.set(new Date(iso));

async function compose(member: Member, projectId: string, investor: string, topics: string[]) {
  const res = await ctx.request('POST', '/api/messages', {
    cookie: await cookieOf(member),
    body: {
      investor_name: investor,
      investor_email: `${investor.toLowerCase().replace(/\W+/g, '.')}@investor.test`,
      project_id: projectId,
      subject: `Question from ${investor}`,
      body_text: 'When is the next distribution paid?',
      topics,
    },
  });
  expect(res.status, 'compose').toBe(201);
  return (await json(res)) as { id: string; sentiment_score: number; investor_email: string };
}

async function saveDraft(cookie: string, messageId: string, text: string, basedOn: number) {
  const res = await ctx.request('POST', `/api/messages/${messageId}/drafts`, {
    cookie,
    body: { text, based_on_version: basedOn },
  });
  expect(res.status, 'save draft').toBe(201);
  const draft = await json(res);
  return { version: draft.version as number, text: draft.draftText as string };
}

/** The provider reports what became of the reply mail of a message (the delivery webhook). */
async function reportDelivery(messageId: string, type: 'email.delivered' | 'email.bounced') {
  const [mail] = await ctx.db
    .select({ messageId: emailOutbox.messageId, to: emailOutbox.toEmail })
    .from(aiResponses)
    .innerJoin(emailOutbox, eq(emailOutbox.id, aiResponses.sentEmailId))
    .where(eq(aiResponses.messageId, messageId));
  if (!mail?.messageId) throw new Error('no reply mail');
  const res = await deliverWebhook(ctx, deliveryEvent(type, mail.messageId, mail.to), {
    secret: WEBHOOK_SECRET,
  });
  expect(res.status, 'webhook').toBe(200);
}

async function approve(
  cookie: string,
  messageId: string,
  draft: { version: number; text: string },
  extra = {},
) {
  const res = await ctx.request('POST', `/api/messages/${messageId}/approve`, {
    cookie,
    body: { version: draft.version, text_sha256: sha256(draft.text), ...extra },
  });
  expect(res.status, `approve: ${await res.clone().text()}`).toBe(200);
  expect((await json(res)).delivery).toBe('sent');
}

/**
 * An organisation's November, made through the API: two funds; five messages; replies sent on 3
 * November by the associate (a clean one, 20 minutes after it arrived) and by the director (one over a
 * 'guaranteed' flag with an override reason, one whose flag was cleared first, both 30 minutes after
 * arrival); a fifth message drafted but not sent; and a reply sent on 31 October, outside the period.
 */
async function november() {
  at('2026-10-31T23:00:00Z');
  const director = await ctx.createUser('ir_director');
  const { orgId } = director;
  const associate = await ctx.createUser('ir_associate', orgId);
  const alpha = await insertProject(ctx.db, { orgId, name: `Alpha Fund ${orgId.slice(0, 4)}` });
  const beta = await insertProject(ctx.db, { orgId, name: `Beta Fund ${orgId.slice(0, 4)}` });

  const october = await compose(associate, alpha, 'Olga October', ['Distribution']);
  at('2026-10-31T23:10:00Z');
  let cookie = await cookieOf(associate);
  await approve(cookie, october.id, await saveDraft(cookie, october.id, CLEAN_TEXT, 0));

  at('2026-11-03T09:00:00Z');
  const first = await compose(associate, alpha, 'Anna Clean', ['Distribution']);
  at('2026-11-03T09:05:00Z');
  cookie = await cookieOf(associate);
  const firstDraft = await saveDraft(cookie, first.id, CLEAN_TEXT, 0);
  at('2026-11-03T09:20:00Z');
  await approve(cookie, first.id, firstDraft);

  at('2026-11-03T09:30:00Z');
  const second = await compose(associate, alpha, 'Bruno Override', ['Distribution', 'Fees']);
  at('2026-11-03T09:35:00Z');
  const secondDraft = await saveDraft(await cookieOf(associate), second.id, GUARANTEED_TEXT, 0);
  at('2026-11-03T10:00:00Z');
  await approve(await cookieOf(director), second.id, secondDraft, { override_reason: OVERRIDE_REASON });

  at('2026-11-03T10:10:00Z');
  const third = await compose(associate, beta, 'Carla Cleared', ['Fees']);
  at('2026-11-03T10:15:00Z');
  cookie = await cookieOf(associate);
  const thirdDraft = await saveDraft(cookie, third.id, GUARANTEED_TEXT, 0);
  const checked = await ctx.request('POST', `/api/messages/${third.id}/drafts/1/check`, { cookie });
  expect(checked.status, 'check').toBe(200);
  const flags = (await json(checked)).flags as { start: number; end: number; term: string }[];
  expect(flags.length).toBeGreaterThan(0);
  at('2026-11-03T10:20:00Z');
  const directorCookie = await cookieOf(director);
  for (const flag of flags) {
    const dismissed = await ctx.request('POST', `/api/messages/${third.id}/drafts/1/flags/dismiss`, {
      cookie: directorCookie,
      body: { start: flag.start, end: flag.end, reason: DISMISS_REASON },
    });
    expect(dismissed.status, `dismiss: ${await dismissed.clone().text()}`).toBe(200);
  }
  at('2026-11-03T10:40:00Z');
  await approve(directorCookie, third.id, thirdDraft);

  at('2026-11-03T10:45:00Z');
  await reportDelivery(first.id, 'email.delivered');
  await reportDelivery(second.id, 'email.bounced');

  at('2026-11-03T10:50:00Z');
  const fourth = await compose(associate, beta, 'Dora Draft', ['Fees']);
  cookie = await cookieOf(associate);
  const generated = await ctx.request('POST', `/api/messages/${fourth.id}/drafts/generate`, { cookie });
  expect(generated.status, 'generate').toBe(201);
  await saveDraft(cookie, fourth.id, CLEAN_TEXT, 1);

  at('2026-12-01T09:00:00Z');
  return {
    orgId,
    director,
    associate,
    alpha,
    beta,
    messages: { october, first, second, third, fourth },
    drafts: { firstDraft, secondDraft, thirdDraft },
    flagTerms: flags.map((f) => f.term),
  };
}

type Scene = Awaited<ReturnType<typeof november>>;
let scene: Scene;
beforeAll(async () => {
  scene = await november();
}, 120_000);

async function generate(cookie: string, body: unknown) {
  const res = await ctx.request('POST', '/api/reports', { cookie, body });
  expect(res.status, `generate: ${await res.clone().text()}`).toBe(202);
  const queued = await json(res);
  expect(queued).toMatchObject({ status: 'queued', progress: 0, size: null });
  return waitUntilFinished(cookie, queued.id as string);
}

/** The report once its background generation ended (the route's kick or the job). */
async function waitUntilFinished(cookie: string, id: string) {
  let report: Record<string, unknown> = {};
  await vi.waitFor(
    async () => {
      report = await json(await ctx.request('GET', `/api/reports/${id}`, { cookie }));
      expect(['done', 'failed']).toContain(report.status);
    },
    { timeout: 60_000, interval: 25 },
  );
  return report;
}

async function download(cookie: string, id: string, format: 'pdf' | 'csv') {
  const res = await ctx.request('GET', `/api/reports/${id}/download?format=${format}`, { cookie });
  expect(res.status, `download ${format}`).toBe(200);
  return res;
}

describe('who may use reports', () => {
  it('guards every report route by reporting.read: 401 without a session, 403 for both associates', async () => {
    await ctx.expectGuarded('GET', '/api/reports', 'reporting.read');
    await ctx.expectGuarded('GET', `/api/reports/${SOME_ID}`, 'reporting.read');
    await ctx.expectGuarded('GET', `/api/reports/${SOME_ID}/download?format=pdf`, 'reporting.read');
    await ctx.expectGuarded('POST', `/api/reports/${SOME_ID}/retry`, 'reporting.read');
    await ctx.expectGuarded('POST', '/api/reports', 'reporting.read', { type: 'compliance', ...NOVEMBER });
  });

  it('refuses an associate of the organisation with 403 and queues nothing', async () => {
    const cookie = await cookieOf(scene.associate);
    const res = await ctx.request('POST', '/api/reports', {
      cookie,
      body: { type: 'compliance', ...NOVEMBER },
    });
    expect(res.status).toBe(403);
    const rows = await ctx.db.select({ id: reports.id }).from(reports).where(eq(reports.orgId, scene.orgId));
    expect(rows).toEqual([]);
  });
});

describe('Generate Report: validation', () => {
  it('answers 400 naming the field, and 404 for a fund of another organisation, writing nothing', async () => {
    const director = await ctx.signInAs('ir_director');
    const post = (body: unknown) => ctx.request('POST', '/api/reports', { cookie: director.cookie, body });
    const fieldsOf = async (body: unknown) => {
      const res = await post(body);
      expect(res.status).toBe(400);
      return (await json(res)).error.fields;
    };
    expect(await fieldsOf({ type: 'weekly', ...NOVEMBER })).toHaveProperty('type');
    expect(
      await fieldsOf({ type: 'compliance', period_start: '2026-11-31', period_end: '2026-12-01' }),
    ).toHaveProperty('period_start');
    expect(
      await fieldsOf({ type: 'compliance', period_start: '2026-11-30', period_end: '2026-11-01' }),
    ).toMatchObject({ period_end: 'The end date is before the start date' });
    expect(
      await fieldsOf({ type: 'compliance', period_start: '2025-11-01', period_end: '2026-11-02' }),
    ).toMatchObject({ period_end: 'A report covers at most 366 days' });
    expect(await fieldsOf({ type: 'compliance', ...NOVEMBER, fund_id: 'alpha' })).toHaveProperty('fund_id');
    expect(await fieldsOf({ type: 'compliance', ...NOVEMBER, extra: 1 })).toBeTruthy();
    // 366 days (2024 is a leap year) is allowed.
    const year = await post({ type: 'productivity', period_start: '2024-01-01', period_end: '2024-12-31' });
    expect(year.status).toBe(202);
    await waitUntilFinished(director.cookie, (await json(year)).id);

    const foreign = await post({ type: 'compliance', ...NOVEMBER, fund_id: scene.alpha });
    expect(foreign.status).toBe(404);
    expect((await json(foreign)).error.fields).toHaveProperty('fund_id');
    const rows = await ctx.db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.orgId, director.orgId));
    expect(rows).toHaveLength(1);
  });
});

describe('the Compliance report', () => {
  it('lists every reply sent in the period with approver, flags and their resolution, hash and delivery, then overrides and the chain', async () => {
    const cookie = await cookieOf(scene.director);
    const report = await generate(cookie, { type: 'compliance', ...NOVEMBER });
    expect(report).toMatchObject({
      status: 'done',
      progress: 100,
      error: null,
      type: 'compliance',
      type_label: 'Compliance',
      fund: null,
      created_by: { id: scene.director.userId },
      ...NOVEMBER,
    });

    const pdfRes = await download(cookie, report.id as string, 'pdf');
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    expect(pdfRes.headers.get('content-disposition')).toBe(
      'attachment; filename="parley-compliance-report-2026-11-01-to-2026-11-30.pdf"',
    );
    const pdfBytes = await pdfRes.arrayBuffer();
    expect(pdfBytes.byteLength).toBe(report.size);
    expect(createHash('sha256').update(new Uint8Array(pdfBytes)).digest('hex')).toBe(report.pdf_sha256);
    const text = await pdfText(pdfBytes);
    expect(text).toContain('Compliance report');
    expect(text).toContain('Period 2026-11-01 to 2026-11-30 (UTC), all funds');
    expect(text).toContain('Replies sent: 3');
    expect(text).toContain('Overrides: 1');
    expect(text).toContain('Replies with unresolved flags or an override: 1');
    expect(text).toMatch(/Flags cleared as 'Not a problem here': [1-9]/);
    expect(text).toContain('Delivered or accepted by the mail server: 2 of 3');
    expect(text).toMatch(/Audit chain verified: \d+ entries intact/);
    for (const investor of ['Anna Clean', 'Bruno Override', 'Carla Cleared'])
      expect(text).toContain(investor);
    expect(text).not.toContain('Olga October');
    expect(text).not.toContain('Dora Draft');
    expect(text).toContain(OVERRIDE_REASON);

    const csvRes = await download(cookie, report.id as string, 'csv');
    expect(csvRes.headers.get('content-type')).toContain('text/csv');
    expect(csvRes.headers.get('content-disposition')).toBe(
      'attachment; filename="parley-compliance-report-2026-11-01-to-2026-11-30.csv"',
    );
    const rows = parseCsv(await csvRes.text());
    expect(rows.map((r) => r.investor_name)).toEqual(['Anna Clean', 'Bruno Override', 'Carla Cleared']);
    const [first, second, third] = rows;
    expect(first).toMatchObject({
      approved_at: '2026-11-03 09:20',
      approver: 'Test ir_associate',
      flags: '',
      override_reason: '',
      text_sha256: sha256(scene.drafts.firstDraft.text),
      // The provider's latest report wins over the outbox status.
      delivery: 'delivered',
      version: '1',
    });
    expect(second).toMatchObject({
      approved_at: '2026-11-03 10:00',
      approver: 'Test ir_director',
      override_reason: OVERRIDE_REASON,
      text_sha256: sha256(scene.drafts.secondDraft.text),
      cleared_flags: '',
      delivery: 'bounced',
    });
    expect(second?.flags).toContain('high: guaranteed');
    expect(second?.override_flags).toBe('high: guaranteed (lexicon:guaranteed)');
    expect(third?.flags).toBe('');
    expect(third?.cleared_flags).toContain(DISMISS_REASON);
    expect(third?.cleared_flags).toContain('by Test ir_director');
    expect(third?.override_reason).toBe('');
    expect(third?.fund).toContain('Beta Fund');
    expect(third?.delivery).toBe('sent');
  });

  it('covers one fund when asked', async () => {
    const cookie = await cookieOf(scene.director);
    const report = await generate(cookie, { type: 'compliance', ...NOVEMBER, fund_id: scene.beta });
    expect(report.fund).toMatchObject({ id: scene.beta });
    const rows = parseCsv(await (await download(cookie, report.id as string, 'csv')).text());
    expect(rows.map((r) => r.investor_name)).toEqual(['Carla Cleared']);
    const text = await pdfText(await (await download(cookie, report.id as string, 'pdf')).arrayBuffer());
    expect(text).toContain('Replies sent: 1');
    expect(text).toMatch(/fund Beta Fund/);
  });
});

describe('the Management and Productivity reports', () => {
  it('counts messages, replies, median time to reply, sentiment and top topics per fund', async () => {
    const cookie = await cookieOf(scene.director);
    const report = await generate(cookie, { type: 'management', ...NOVEMBER });
    expect(report.status).toBe('done');
    const rows = parseCsv(await (await download(cookie, report.id as string, 'csv')).text());
    const { first, second, third, fourth } = scene.messages;
    const mean = (...values: number[]) => (values.reduce((a, b) => a + b, 0) / values.length).toFixed(2);
    expect(rows).toEqual([
      {
        fund: expect.stringContaining('Alpha Fund'),
        messages_received: '2',
        replies_sent: '2',
        // 20 and 30 minutes: the median is 25 minutes.
        median_hours_to_reply: '0.4',
        average_sentiment: mean(first.sentiment_score, second.sentiment_score),
        negative_messages: String([first, second].filter((m) => m.sentiment_score < 0.4).length),
        top_topics: 'distribution (2); fees (1)',
      },
      {
        fund: expect.stringContaining('Beta Fund'),
        messages_received: '2',
        replies_sent: '1',
        median_hours_to_reply: '0.5',
        average_sentiment: mean(third.sentiment_score, fourth.sentiment_score),
        negative_messages: String([third, fourth].filter((m) => m.sentiment_score < 0.4).length),
        top_topics: 'fees (2)',
      },
    ]);
    const text = await pdfText(await (await download(cookie, report.id as string, 'pdf')).arrayBuffer());
    expect(text).toContain('Management report');
    expect(text).toContain('Messages received: 4');
    expect(text).toContain('Replies sent: 3');
    expect(text).toContain('distribution (2), fees (1)');
  });

  it('counts drafts, edits, approvals and time to reply per member', async () => {
    const cookie = await cookieOf(scene.director);
    const report = await generate(cookie, { type: 'productivity', ...NOVEMBER });
    const rows = parseCsv(await (await download(cookie, report.id as string, 'csv')).text());
    expect(rows).toEqual([
      {
        member: 'Test ir_associate',
        email: scene.associate.email,
        drafts_generated: '1',
        // November's saved drafts: the three sent replies' and the edit of the last one's generated
        // draft (October's is outside the period).
        edits_saved: '4',
        replies_approved: '1',
        median_hours_to_reply: '0.3',
      },
      {
        member: 'Test ir_director',
        email: scene.director.email,
        drafts_generated: '0',
        edits_saved: '0',
        replies_approved: '2',
        median_hours_to_reply: '0.5',
      },
    ]);
    const text = await pdfText(await (await download(cookie, report.id as string, 'pdf')).arrayBuffer());
    expect(text).toContain('Productivity report');
    expect(text).toContain('Drafts generated: 1');
    expect(text).toContain('Replies approved and sent: 3');
  });
});

describe('the list, downloads, audit and retry', () => {
  it('lists reports newest first in cursor pages', async () => {
    const director = await ctx.signInAs('ir_director');
    const ids: string[] = [];
    for (const day of ['01', '02', '03']) {
      ctx.clock.advance(1_000);
      const res = await ctx.request('POST', '/api/reports', {
        cookie: director.cookie,
        body: { type: 'management', period_start: `2026-11-${day}`, period_end: '2026-11-30' },
      });
      ids.push((await json(res)).id);
    }
    for (const id of ids) await waitUntilFinished(director.cookie, id);
    const first = await json(await ctx.request('GET', '/api/reports?limit=2', { cookie: director.cookie }));
    expect(first.items.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.items[0]).toMatchObject({ created_by: { id: director.userId, name: 'Test ir_director' } });
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await json(
      await ctx.request('GET', `/api/reports?limit=2&cursor=${first.next_cursor}`, {
        cookie: director.cookie,
      }),
    );
    expect(second.items.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();
    const bad = await ctx.request('GET', '/api/reports?cursor=nonsense', { cookie: director.cookie });
    expect((await json(bad)).error.fields).toHaveProperty('cursor');
    // Another organisation sees none of them.
    const outsider = await ctx.signInAs('admin');
    expect((await json(await ctx.request('GET', '/api/reports', { cookie: outsider.cookie }))).items).toEqual(
      [],
    );
    expect((await ctx.request('GET', `/api/reports/${ids[0]}`, { cookie: outsider.cookie })).status).toBe(
      404,
    );
    const foreign = await ctx.request('GET', `/api/reports/${ids[0]}/download?format=pdf`, {
      cookie: outsider.cookie,
    });
    expect(foreign.status).toBe(404);
  });

  it('audits the request and each download in the caller’s chain', async () => {
    const director = await ctx.signInAs('ir_director');
    const report = await generate(director.cookie, { type: 'productivity', ...NOVEMBER });
    await download(director.cookie, report.id as string, 'csv');
    const bad = await ctx.request('GET', `/api/reports/${report.id}/download?format=docx`, {
      cookie: director.cookie,
    });
    expect((await json(bad)).error.fields).toHaveProperty('format');
    const entries = await ctx.db
      .select({ action: auditLogs.actionType, actorId: auditLogs.actorId, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, director.orgId), eq(auditLogs.entityId, report.id as string)))
      .orderBy(auditLogs.seq);
    expect(entries).toEqual([
      {
        action: 'report_requested',
        actorId: director.userId,
        details: { type: 'productivity', ...NOVEMBER },
      },
      {
        action: 'report_downloaded',
        actorId: director.userId,
        details: { type: 'productivity', format: 'csv', sha256: report.csv_sha256 },
      },
    ]);
  });

  it('fails a report whose generation stopped mid-way, shows why, and generates it again on Retry', async () => {
    const director = await ctx.signInAs('ir_director');
    const done = await generate(director.cookie, { type: 'management', ...NOVEMBER });
    const retryDone = await ctx.request('POST', `/api/reports/${done.id}/retry`, { cookie: director.cookie });
    expect(retryDone.status).toBe(409);
    expect((await json(retryDone)).error.code).toBe('REPORT_NOT_FAILED');

    // The process died while generating: the row is left running, its heartbeat stopped.
    const id = done.id as string;
    await ctx.db
      .update(reports)
      .set({ status: 'running', progress: 40, heartbeatAt: ctx.clock.now(), pdf: null, csv: null })
      .where(eq(reports.id, id));
    const notReady = await ctx.request('GET', `/api/reports/${id}/download?format=pdf`, {
      cookie: director.cookie,
    });
    expect(notReady.status).toBe(409);
    expect((await json(notReady)).error.code).toBe('REPORT_NOT_READY');
    ctx.clock.advance(REPORT_STALE_AFTER_MS - 1_000);
    expect((await runReportJobs(jobDeps)).abandoned).toBe(0);
    ctx.clock.advance(2_000);
    expect((await runReportJobs(jobDeps)).abandoned).toBe(1);
    const cookie = (await ctx.signInUser(director)).cookie;
    const failed = await json(await ctx.request('GET', `/api/reports/${id}`, { cookie }));
    expect(failed).toMatchObject({ status: 'failed', error: REPORT_STALE_ERROR, progress: 40 });

    const retried = await ctx.request('POST', `/api/reports/${id}/retry`, { cookie });
    expect(retried.status).toBe(202);
    expect(await json(retried)).toMatchObject({ status: 'queued', error: null, progress: 0 });
    const again = await waitUntilFinished(cookie, id);
    expect(again).toMatchObject({ status: 'done', progress: 100, error: null });
    expect((await download(cookie, id, 'pdf')).headers.get('content-type')).toBe('application/pdf');
    const actions = await ctx.db
      .select({ action: auditLogs.actionType })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, director.orgId), eq(auditLogs.entityId, id)));
    expect(actions.map((a) => a.action)).toContain('report_retried');
  });

  it('never generates one report twice when the job runs on two instances and the kick at once', async () => {
    const director = await ctx.signInAs('ir_director');
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.request('POST', '/api/reports', {
        cookie: director.cookie,
        body: { type: 'productivity', ...NOVEMBER },
      });
      ids.push((await json(res)).id);
    }
    await Promise.all([runReportJobs(jobDeps), runReportJobs(jobDeps)]);
    for (const id of ids) await waitUntilFinished(director.cookie, id);
    const rows = await ctx.db
      .select({ attempts: reports.attempts, status: reports.status })
      .from(reports)
      .where(eq(reports.orgId, director.orgId));
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toEqual({ attempts: 1, status: 'done' });
  });
});

describe('realtime', () => {
  it('announces a report as it is queued, moves on and is done, so the list reloads', async () => {
    const director = await ctx.signInAs('ir_director');
    const hub = new RealtimeHub({ database: ctx.database, logger: createLogger('silent') });
    const events: { type: string; reportId?: string }[] = [];
    await hub.subscribe(director.orgId, (e) => events.push(e as { type: string }), director.userId);
    try {
      const report = await generate(director.cookie, { type: 'management', ...NOVEMBER });
      await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(3), {
        timeout: 10_000,
        interval: 20,
      });
      for (const event of events) expect(event).toEqual({ type: 'report.updated', reportId: report.id });
    } finally {
      await hub.stop();
    }
  });
});

describe('the monthly reports (admin)', () => {
  it('is an admin’s setting: 403 for a director, 400 naming the field', async () => {
    await ctx.expectGuarded('GET', '/api/admin/report-schedule', 'admin.manage');
    await ctx.expectGuarded('PUT', '/api/admin/report-schedule', 'admin.manage', {
      enabled: false,
      types: [],
      recipient_ids: [],
    });
    const admin = await ctx.signInAs('admin');
    const put = (body: unknown) =>
      ctx.request('PUT', '/api/admin/report-schedule', { cookie: admin.cookie, body });
    const fieldsOf = async (body: unknown) => {
      const res = await put(body);
      expect(res.status).toBe(400);
      return (await json(res)).error.fields;
    };
    expect(await fieldsOf({ enabled: true, types: [], recipient_ids: [admin.userId] })).toHaveProperty(
      'types',
    );
    expect(await fieldsOf({ enabled: true, types: ['compliance'], recipient_ids: [] })).toHaveProperty(
      'recipient_ids',
    );
    expect(
      await fieldsOf({ enabled: true, types: ['weekly'], recipient_ids: [admin.userId] }),
    ).toHaveProperty('types.0');
    // A member of another organisation is not a recipient.
    expect(
      await fieldsOf({ enabled: true, types: ['compliance'], recipient_ids: [scene.director.userId] }),
    ).toMatchObject({ recipient_ids: 'Choose active members of your organisation' });
    const schedule = await json(
      await ctx.request('GET', '/api/admin/report-schedule', { cookie: admin.cookie }),
    );
    expect(schedule).toMatchObject({ enabled: false, types: [], recipients: [], next_at: null });
  });

  it('sends last month’s reports on the 1st to the chosen members, once, audited', async () => {
    at('2026-11-20T10:00:00Z');
    const admin = await ctx.signInAs('admin');
    const director = await ctx.createUser('ir_director', admin.orgId);
    const quiet = await ctx.createUser('ir_associate', admin.orgId);
    const res = await ctx.request('PUT', '/api/admin/report-schedule', {
      cookie: admin.cookie,
      body: {
        enabled: true,
        types: ['compliance', 'management'],
        recipient_ids: [director.userId, admin.userId],
      },
    });
    expect(res.status).toBe(200);
    const schedule = await json(res);
    expect(schedule).toMatchObject({
      enabled: true,
      types: ['compliance', 'management'],
      next_at: '2026-12-01T00:00:00.000Z',
      last_period_start: '2026-10-01',
    });
    expect(schedule.recipients.map((r: { id: string }) => r.id).sort()).toEqual(
      [director.userId, admin.userId].sort(),
    );
    expect(schedule.members.map((m: { id: string }) => m.id)).toContain(quiet.userId);

    const scheduledOf = async () =>
      ctx.db
        .select({
          type: reports.type,
          start: reports.periodStart,
          end: reports.periodEnd,
          status: reports.status,
        })
        .from(reports)
        .where(and(eq(reports.orgId, admin.orgId), isNull(reports.createdBy)));

    at('2026-11-30T23:59:00Z');
    await runReportJobs(jobDeps);
    expect(await scheduledOf()).toEqual([]);

    at('2026-12-01T00:01:00Z');
    const run = await runReportJobs(jobDeps);
    expect(run.scheduled).toBeGreaterThanOrEqual(1);
    for (const member of [director, admin]) {
      const mail = await smtp.mailTo(member.email);
      expect(mail.subject).toBe('Monthly reports for November 2026');
      expect(mail.text).toContain('The Compliance, Management reports for 2026-11-01 to 2026-11-30');
      expect(mail.text).toContain('http://parley.test/reports');
    }
    expect(smtp.received.some((m) => m.to.includes(quiet.email))).toBe(false);
    const made = await scheduledOf();
    expect(made.map((r) => r.type).sort()).toEqual(['compliance', 'management']);
    for (const report of made) expect(report).toMatchObject({ start: '2026-11-01', end: '2026-11-30' });
    await vi.waitFor(async () => expect((await scheduledOf()).every((r) => r.status === 'done')).toBe(true), {
      timeout: 60_000,
      interval: 25,
    });
    const cookie = (await ctx.signInUser(admin)).cookie;
    const listed = await json(await ctx.request('GET', '/api/reports', { cookie }));
    expect(listed.items[0]).toMatchObject({ created_by: null, status: 'done' });

    // The next run, or another instance's, sends nothing again.
    at('2026-12-01T00:05:00Z');
    expect((await runReportJobs(jobDeps)).scheduled).toBe(0);
    expect(await scheduledOf()).toHaveLength(2);
    const audit = await ctx.db
      .select({ action: auditLogs.actionType, actorId: auditLogs.actorId, details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.orgId, admin.orgId));
    expect(audit.filter((a) => a.action === 'report_schedule_updated')).toEqual([
      {
        action: 'report_schedule_updated',
        actorId: admin.userId,
        details: {
          changes: {
            enabled: { from: false, to: true },
            types: { from: [], to: ['compliance', 'management'] },
            recipient_ids: { from: [], to: [director.userId, admin.userId] },
          },
        },
      },
    ]);
    const sent = audit.filter((a) => a.action === 'monthly_reports_sent');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      actorId: null,
      details: { period_start: '2026-11-01', period_end: '2026-11-30', types: ['compliance', 'management'] },
    });
  });
});
