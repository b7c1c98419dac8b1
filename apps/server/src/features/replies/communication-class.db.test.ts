import { CLASS_TEXTS, DEFAULT_CLASS_RULES } from '@parley/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { FLAGGED_TEXT, REASON, replyScenes, sha256, uniqueInvestorEmail } from '../../../test/reply-scene';
import { insertSentReply } from '../../../test/sent-reply';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestContext, json } from '../../../test/test-app';
import { trigramSimilarity } from '../../../test/trigram-similarity';
import { aiResponses, auditLogs } from '../../db/schema';
import { comparableText, comparedTextColumns } from './communication-class';

/** docs/decisions/054-communication-class.md: the class of a reply, its approval path and overrides. */

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const ctx = await createTestContext({}, { mailer: smtp.mailer });
const { messageIn, saveDraft, scene, saveSettings, post } = replyScenes(ctx);

const DAY_MS = 24 * 60 * 60 * 1000;

/** One letter sent to many: only the salutation changes from investor to investor. */
const letter = (name: string) =>
  `Dear ${name},\n\nThe fund's third-quarter distribution was paid on 15 October, as the quarterly letter to all unitholders set out. The letter also describes the portfolio changes made in the quarter and the outlook for the coming months.\n\nKind regards,\nThe IR team`;
const OTHER_TEXT =
  'Dear Sam,\n\nThank you for your note about the annual meeting. The venue and the agenda will follow by post next week.\n\nBest wishes,\nThe IR team';

/** A reply approved and sent to `email` `daysAgo` days ago; `legacy`: sent before signatures were stored. */
async function sentBefore(orgId: string, email: string, text: string, daysAgo = 1, legacy = false) {
  const approvedAt = new Date(ctx.clock.now().getTime() - daysAgo * DAY_MS);
  await insertSentReply(ctx.db, { orgId, email, text, approvedAt, legacy });
}

async function sentToMany(orgId: string, count: number, text = letter('Investor')) {
  for (let i = 0; i < count; i++) await sentBefore(orgId, uniqueInvestorEmail(`holder${i}`), text);
}

async function stateOf(messageId: string, cookie: string) {
  const res = await ctx.request('GET', `/api/messages/${messageId}/approval`, { cookie });
  expect(res.status).toBe(200);
  return json(res);
}

const approve = (messageId: string, cookie: string, draft: object, extra: object = {}) =>
  post(`/api/messages/${messageId}/approve`, cookie, { ...draft, ...extra });

describe('the class of a reply', () => {
  it('is correspondence up to 25 investors in 30 days and a retail communication from the 26th', async () => {
    const { associate, director, orgId, messageId } = await scene(letter('Jane'));
    await sentToMany(orgId, 24);
    const at25 = await stateOf(messageId, associate.cookie);
    expect(at25.communication_class).toEqual({
      class: 'correspondence',
      investor_type: 'retail',
      investor_type_set: false,
      recipients: 25,
    });
    expect(at25.can_finalise).toBe(true);

    await sentToMany(orgId, 1);
    const at26 = await stateOf(messageId, associate.cookie);
    expect(at26.communication_class).toMatchObject({ class: 'retail', recipients: 26 });
    // Retail communications need a director whatever the flags (the default class rules).
    expect(at26.can_finalise).toBe(false);
    expect(at26.requires_approval).toBe(true);
    expect(at26.class_refusal).toBe(CLASS_TEXTS.directorRefusal('retail'));

    const draft = { version: 1, text_sha256: sha256(letter('Jane')) };
    const refused = await approve(messageId, associate.cookie, draft);
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatchObject({
      code: 'APPROVAL_NEEDS_DIRECTOR',
      message: CLASS_TEXTS.directorRefusal('retail'),
    });

    const sent = await approve(messageId, director.cookie, draft);
    expect(sent.status).toBe(200);
    expect((await json(sent)).approval.sent.communication_class).toBe('retail');
    const [version] = await ctx.db
      .select({ cls: aiResponses.communicationClass, recipients: aiResponses.classRecipients })
      .from(aiResponses)
      .where(eq(aiResponses.messageId, messageId));
    expect(version).toEqual({ cls: 'retail', recipients: 26 });
    // What the next reply's search reads of the sent text: its signature, then the text itself.
    const [stored] = await ctx.db
      .select({
        classText: aiResponses.classText,
        textSignature: aiResponses.textSignature,
      })
      .from(aiResponses)
      .where(eq(aiResponses.messageId, messageId));
    expect(stored).toEqual(comparedTextColumns(comparableText(letter('Jane'), [])));
    expect(stored?.textSignature).toMatch(/^[\w-]{120}$/);
    const [entry] = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, 'response_approved')))
      .orderBy(desc(auditLogs.seq))
      .limit(1);
    expect(entry?.details).toMatchObject({
      communication_class: 'retail',
      class_recipients: 26,
      investor_type: 'retail',
    });
  });

  it('goes into the approval queue with the class the reply was submitted as', async () => {
    const { associate, director, orgId, messageId } = await scene(letter('Jane'));
    await sentToMany(orgId, 25);
    const submitted = await post(`/api/messages/${messageId}/submit`, associate.cookie, {
      version: 1,
      text_sha256: sha256(letter('Jane')),
    });
    expect(submitted.status).toBe(200);
    const queue = await ctx.request('GET', '/api/approvals', { cookie: director.cookie });
    const item = (await json(queue)).items.find(
      (row: { message_id: string }) => row.message_id === messageId,
    );
    expect(item).toMatchObject({ communication_class: 'retail' });
    expect((await json(submitted)).communication_class).toMatchObject({ class: 'retail', recipients: 26 });
  });

  it('counts only other investors sent substantially the same text within 30 days, in this organisation', async () => {
    const { associate, orgId, message, messageId } = await scene(letter('Jane'));
    await sentToMany(orgId, 3);
    // None of these count: a different text, a send 31 days ago, this very investor, another organisation.
    await sentBefore(orgId, uniqueInvestorEmail('other'), OTHER_TEXT);
    await sentBefore(orgId, uniqueInvestorEmail('old'), letter('Old'), 31);
    await sentBefore(orgId, message.investorEmail.toUpperCase(), letter('Jane'));
    const outsider = await ctx.signInAs('admin');
    await sentToMany(outsider.orgId, 2);
    // One investor sent it twice counts once; one sent it before signatures were stored counts too.
    const twice = uniqueInvestorEmail('twice');
    await sentBefore(orgId, twice, letter('Twice'));
    await sentBefore(orgId, twice, letter('Twice'), 2);
    await sentBefore(orgId, uniqueInvestorEmail('legacy'), letter('Legacy'), 3, true);
    const state = await stateOf(messageId, associate.cookie);
    expect(state.communication_class).toMatchObject({ class: 'correspondence', recipients: 6 });
  });

  it('reaches the 26th recipient past many likelier sends to this investor and near misses', async () => {
    const { associate, orgId, message, messageId } = await scene(letter('Jane'));
    // The same text to this investor ranks first (its signature agrees everywhere) and fills more than
    // the first comparisons; each of the others differs by one word and still counts.
    for (let i = 0; i < 60; i++) await sentBefore(orgId, message.investorEmail, letter('Jane'));
    for (let i = 0; i < 25; i++) {
      const text = letter('Investor').replace('portfolio changes', `portfolio changes (${i})`);
      await sentBefore(orgId, uniqueInvestorEmail(`near${i}`), text);
    }
    const state = await stateOf(messageId, associate.cookie);
    expect(state.communication_class).toMatchObject({ class: 'retail', recipients: 26 });
  });

  it('is an institutional communication for an institutional investor, whatever the count', async () => {
    const { associate, director, orgId, messageId } = await scene(letter('Jane'));
    await sentToMany(orgId, 25);
    expect((await stateOf(messageId, associate.cookie)).communication_class.class).toBe('retail');
    const set = await ctx.request('PUT', `/api/messages/${messageId}/investor/type`, {
      cookie: director.cookie,
      body: { investor_type: 'institutional' },
    });
    expect(set.status).toBe(200);
    expect(await json(set)).toEqual({ investor_type: 'institutional', investor_type_set: true });
    const state = await stateOf(messageId, associate.cookie);
    expect(state.communication_class).toMatchObject({
      class: 'institutional',
      investor_type: 'institutional',
      investor_type_set: true,
    });
    expect(state.can_finalise).toBe(true);
  });
});

describe('the signatures', () => {
  it("are made of the trigrams pg_trgm compares: the server's similarity is the database's", async () => {
    const pairs = [
      [letter('Jane'), letter('Tom')],
      [letter('Jane'), OTHER_TEXT],
      ['Über die Ausschüttung: 15. Oktober, Köln.', 'Uber die Ausschuttung: 15. Oktober, Koln!'],
      ['The fund’s NAV — €12.40/unit (Q3-2026).', "The fund's NAV - EUR 12.40 per unit (Q3 2026)."],
    ] as const;
    for (const [a, b] of pairs) {
      const result = (await ctx.db.execute(sql`select similarity(${a}, ${b}) as value`)) as unknown as {
        rows: { value: number }[];
      };
      expect(trigramSimilarity(a, b), `${a} ~ ${b}`).toBeCloseTo(Number(result.rows[0]?.value), 2);
    }
  });
});

describe('the investor type', () => {
  it('is set by those who manage compliance, for every message of that address, and audited once per change', async () => {
    const { associate, director, orgId, message, messageId } = await scene();
    const path = `/api/messages/${messageId}/investor/type`;
    const byAssociate = await ctx.request('PUT', path, {
      cookie: associate.cookie,
      body: { investor_type: 'institutional' },
    });
    expect(byAssociate.status).toBe(403);

    const bad = await ctx.request('PUT', path, { cookie: director.cookie, body: { investor_type: 'whale' } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error.fields)).toEqual(['investor_type']);

    for (const type of ['accredited', 'accredited']) {
      const res = await ctx.request('PUT', path, { cookie: director.cookie, body: { investor_type: type } });
      expect(res.status).toBe(200);
    }
    const entries = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.actionType, 'investor_type_changed'));
    const ours = entries.filter((e) => (e.details as { email: string }).email === message.investorEmail);
    expect(ours).toEqual([{ details: { email: message.investorEmail, before: null, after: 'accredited' } }]);

    // Another message from the same address, in capitals, reads the same type.
    const again = await messageIn(orgId, { investorEmail: message.investorEmail.toUpperCase() });
    const panel = await ctx.request('GET', `/api/messages/${again.id}/investor`, {
      cookie: associate.cookie,
    });
    expect(await json(panel)).toMatchObject({ investor_type: 'accredited', investor_type_set: true });

    const outsider = await ctx.signInAs('admin');
    const foreign = await ctx.request('PUT', path, {
      cookie: outsider.cookie,
      body: { investor_type: 'retail' },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('overrides by class', () => {
  it('refuses a director approving a retail communication over a high flag, even with a reason', async () => {
    const { associate, director, orgId, messageId } = await scene();
    const text = `${FLAGGED_TEXT}\n\n${letter('Jane')}`;
    const draft = await saveDraft(associate.cookie, messageId, text, 1);
    await sentToMany(orgId, 25, `${FLAGGED_TEXT}\n\n${letter('Holder')}`);
    const state = await stateOf(messageId, director.cookie);
    expect(state.communication_class.class).toBe('retail');
    expect(state.can_finalise).toBe(false);
    expect(state.class_refusal).toBe(CLASS_TEXTS.overrideRefusal('retail'));
    const refused = await approve(messageId, director.cookie, draft, { override_reason: REASON });
    expect(refused.status).toBe(403);
    expect((await json(refused)).error.code).toBe('OVERRIDE_NOT_ALLOWED');
    const [version] = await ctx.db
      .select({ approvedAt: aiResponses.approvedAt })
      .from(aiResponses)
      .where(eq(aiResponses.messageId, messageId))
      .orderBy(desc(aiResponses.versionNumber));
    expect(version?.approvedAt).toBeNull();
  });

  it('follows the organisation’s class rules: admins only, then nobody, for correspondence', async () => {
    const { director, admin, messageId } = await scene(FLAGGED_TEXT);
    const draft = { version: 1, text_sha256: sha256(FLAGGED_TEXT) };
    await saveSettings(admin.cookie, {
      class_rules: {
        ...DEFAULT_CLASS_RULES,
        correspondence: { approval: 'by_severity', override: ['admin'] },
      },
    });
    const byDirector = await approve(messageId, director.cookie, draft, { override_reason: REASON });
    expect(byDirector.status).toBe(403);
    expect((await json(byDirector)).error.message).toBe(CLASS_TEXTS.overrideRefusal('correspondence'));
    expect((await stateOf(messageId, admin.cookie)).can_finalise).toBe(true);

    await saveSettings(admin.cookie, {
      class_rules: { ...DEFAULT_CLASS_RULES, correspondence: { approval: 'by_severity', override: [] } },
    });
    const byAdmin = await approve(messageId, admin.cookie, draft, { override_reason: REASON });
    expect(byAdmin.status).toBe(403);
    expect((await json(byAdmin)).error.code).toBe('OVERRIDE_NOT_ALLOWED');

    // With the default rules a director may override correspondence, with a reason.
    await saveSettings(admin.cookie, { class_rules: DEFAULT_CLASS_RULES });
    const allowed = await approve(messageId, director.cookie, draft, { override_reason: REASON });
    expect(allowed.status).toBe(200);
  });
});

describe('the class settings', () => {
  it('validates, keeps omitted values and audits before and after', async () => {
    const admin = await ctx.signInAs('admin');
    const defaults = await saveSettings(admin.cookie);
    expect(defaults.class_rules).toEqual(DEFAULT_CLASS_RULES);
    expect(defaults.review_sample_percent).toBe(10);

    const badRole = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: admin.cookie,
      body: {
        ...defaults,
        class_rules: { ...DEFAULT_CLASS_RULES, retail: { approval: 'director', override: ['ir_associate'] } },
      },
    });
    expect(badRole.status).toBe(400);
    expect(Object.keys((await json(badRole)).error.fields)).toEqual(['class_rules.retail.override.0']);
    const badRate = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: admin.cookie,
      body: { ...defaults, review_sample_percent: 101 },
    });
    expect(badRate.status).toBe(400);
    expect(Object.keys((await json(badRate)).error.fields)).toEqual(['review_sample_percent']);

    const rules = { ...DEFAULT_CLASS_RULES, institutional: { approval: 'director', override: [] } };
    const saved = await saveSettings(admin.cookie, { class_rules: rules, review_sample_percent: 25 });
    expect(saved.class_rules).toEqual(rules);
    // A save that omits them keeps them.
    const kept = await saveSettings(admin.cookie);
    expect(kept).toMatchObject({ class_rules: rules, review_sample_percent: 25 });
    const [entry] = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.orgId, admin.orgId))
      .orderBy(desc(auditLogs.seq))
      .limit(2)
      .offset(1);
    expect(entry?.details).toMatchObject({
      changed: ['class_rules', 'review_sample_percent'],
      class_rules: { before: DEFAULT_CLASS_RULES, after: rules },
      review_sample_percent: { before: 10, after: 25 },
    });
  });
});
