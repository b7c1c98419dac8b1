import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertDocumentWith, insertProject } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import { aiResponses, auditLogs, documentPassages, investorMessages, profiles } from '../../db/schema';

/**
 * The claim check through the real routes (docs/decisions/026-claim-check.md): a stored version's
 * figures against the passages it cites, the flags it adds to Check Compliance, what Apply Fix does
 * with them, and the organisation's severity setting.
 */

const ctx = await createTestContext();

const Q3 =
  'Q3 2025 distribution: the Fund paid $0.1450 per unit on 14 November 2025 to unitholders of record on 30 September 2025. The annualised distribution yield is 2.9%.';
const Q2 = 'Q2 2025 distribution: the Fund paid $0.1400 per unit on 15 August 2025. The yield was 2.8%.';
const FEES = 'Fees: the management fee is 0.85% a year of net asset value, charged quarterly.';

type Flag = {
  rule: string;
  term: string;
  severity: string;
  start: number;
  end: number;
  suggestion: string;
  rationale?: string;
  citation?: { id: string; doc_path: string };
  dismissal?: unknown;
};
type Draft = {
  version: number;
  draftText: string;
  citations: { id: string; doc_path: string; relevance: number }[];
  compliance: { flags: Flag[]; requires_approval: boolean } | null;
};

const documentWith = (orgId: string, projectId: string, fileName: string, texts: string[]) =>
  insertDocumentWith(ctx.db, { orgId, projectId, fileName, texts });

/**
 * A signed-in writer, a fund with its Q3 and Q2 letters and a fee sheet, a question about the Q3
 * distribution, and a first version (as a drafter leaves it) citing the given passages.
 */
async function scene(options: { cites?: ('q3' | 'q2' | 'fees')[]; body?: string } = {}) {
  const writer = await ctx.signInAs('ir_associate');
  const projectId = await insertProject(ctx.db, { orgId: writer.orgId });
  const q3 = await documentWith(writer.orgId, projectId, 'Q3 Letter.pdf', [Q3]);
  const q2 = await documentWith(writer.orgId, projectId, 'Q2 Letter.pdf', [Q2]);
  const fees = await documentWith(writer.orgId, projectId, 'Fee Sheet.pdf', [FEES]);
  const passages = {
    q3: { id: q3.passageIds[0] as string, doc_path: 'Q3 Letter.pdf#page=1', documentId: q3.documentId },
    q2: { id: q2.passageIds[0] as string, doc_path: 'Q2 Letter.pdf#page=1', documentId: q2.documentId },
    fees: { id: fees.passageIds[0] as string, doc_path: 'Fee Sheet.pdf#page=1', documentId: fees.documentId },
  };
  const [message] = await ctx.db
    .insert(investorMessages)
    .values({
      orgId: writer.orgId,
      projectId,
      investorName: 'Jane Investor',
      investorEmail: 'jane@example.com',
      subject: 'Q3 distribution',
      bodyText: options.body ?? 'Hello, how much was the Q3 distribution per unit and when was it paid?',
      createdAt: ctx.clock.now(),
    })
    .returning({ id: investorMessages.id });
  if (!message) throw new Error('no message');
  const name = await profileName(writer.userId);
  const citations = (options.cites ?? ['q3']).map((key) => ({
    id: passages[key].id,
    doc_path: passages[key].doc_path,
    relevance: 1,
  }));
  await ctx.db.insert(aiResponses).values({
    orgId: writer.orgId,
    messageId: message.id,
    versionNumber: 1,
    source: 'generated',
    aiDraft: reply('The Q3 2025 distribution was $0.1450 per unit, paid on 14 November 2025 [1].', name),
    citations,
    provenance: { drafter: 'test', model: null, prompt_hash: null, passages: [] },
    createdBy: writer.userId,
    createdAt: ctx.clock.now(),
  });
  return { ...writer, name, projectId, messageId: message.id, passages };
}

/** A reply with a closing signed by `name`: the body between the greeting and the sign-off. */
function reply(body: string, name: string) {
  return `Dear Jane,\n\n${body}\n\nKind regards,\n${name}\n\nThis message is for information only.`;
}

async function save(cookie: string, messageId: string, text: string, basedOn: number): Promise<Draft> {
  const res = await ctx.request('POST', `/api/messages/${messageId}/drafts`, {
    cookie,
    body: { text, based_on_version: basedOn },
  });
  expect(res.status).toBe(201);
  return json(res);
}

async function check(cookie: string, messageId: string, version: number) {
  const res = await ctx.request('POST', `/api/messages/${messageId}/drafts/${version}/check`, { cookie });
  expect(res.status).toBe(200);
  return (await json(res)) as { flags: Flag[]; requires_approval: boolean };
}

async function applyFix(cookie: string, messageId: string, version: number, flag: Flag): Promise<Draft> {
  const res = await ctx.request('POST', `/api/messages/${messageId}/drafts/${version}/apply-fix`, {
    cookie,
    body: { start: flag.start, end: flag.end, based_on_version: version },
  });
  expect(res.status).toBe(201);
  return json(res);
}

function claimFlags(flags: readonly Flag[]) {
  return flags.filter((f) => ['unsupported_figure', 'unsourced_link', 'second_sign_off'].includes(f.rule));
}

/** The writer's name, which their closing signs with. */
async function profileName(userId: string): Promise<string> {
  const [row] = await ctx.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, userId));
  return row?.name ?? '';
}

describe('the claim check on Check Compliance', () => {
  it('flags a figure a human edit invented, names what is missing and offers the cited passage’s figure', async () => {
    const writer = await scene();
    const { name } = writer;
    const first = await check(writer.cookie, writer.messageId, 1);
    expect(claimFlags(first.flags)).toEqual([]);

    const edited = reply(
      'The Q3 2025 distribution was $0.1450 per unit, paid on 14 November 2025 [1]. The annualised yield is 3.1% [1].',
      name,
    );
    await save(writer.cookie, writer.messageId, edited, 1);
    const checked = await check(writer.cookie, writer.messageId, 2);
    const sentence = 'The annualised yield is 3.1% [1].';
    expect(checked.flags).toEqual([
      expect.objectContaining({
        rule: 'unsupported_figure',
        term: '3.1%',
        severity: 'medium',
        start: edited.indexOf(sentence),
        end: edited.indexOf(sentence) + sentence.length,
        rationale: 'No cited passage contains 3.1%',
        suggestion: 'The annualised distribution yield is 2.9% [1].',
        citation: { id: writer.passages.q3.id, doc_path: writer.passages.q3.doc_path },
      }),
    ]);
    expect(checked.requires_approval).toBe(false);
    const latest: Draft = await json(
      await ctx.request('GET', `/api/messages/${writer.messageId}/drafts/latest`, { cookie: writer.cookie }),
    );
    expect(latest.compliance?.flags).toEqual(checked.flags);
    const [audit] = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, writer.orgId), eq(auditLogs.actionType, 'compliance_checked')))
      .orderBy(desc(auditLogs.seq))
      .limit(1);
    expect(audit?.details).toMatchObject({ version: 2, flags: 1, compliance_tag: '["medium:3.1%"]' });
  });

  it('flags a figure of another quarter that the fund’s documents hold but the cited passage does not', async () => {
    const writer = await scene();
    const { name } = writer;
    await save(
      writer.cookie,
      writer.messageId,
      reply('The Q3 2025 distribution was $0.1400 per unit [1].', name),
      1,
    );
    const [flag] = claimFlags((await check(writer.cookie, writer.messageId, 2)).flags);
    expect(flag).toMatchObject({ rule: 'unsupported_figure', term: '$0.1400' });
    expect(flag?.citation?.id).toBe(writer.passages.q3.id);
  });

  it('counts a cited passage that no longer exists as absent', async () => {
    const writer = await scene();
    await ctx.db.delete(documentPassages).where(eq(documentPassages.id, writer.passages.q3.id));
    const checked = await check(writer.cookie, writer.messageId, 1);
    expect(claimFlags(checked.flags).map((f) => f.term)).toEqual(['2025, $0.1450, 14 November 2025']);
  });

  it('lets the reply restate the investor’s own figures', async () => {
    const writer = await scene({ body: 'I hold 2,000 units. How much was the Q3 distribution?' });
    const { name } = writer;
    const text = reply('On your 2,000 units, the Q3 2025 distribution was $0.1450 per unit [1].', name);
    await save(writer.cookie, writer.messageId, text, 1);
    expect(claimFlags((await check(writer.cookie, writer.messageId, 2)).flags)).toEqual([]);
  });

  it('flags a link no cited passage holds and a second sign-off, each with a fix', async () => {
    const writer = await scene();
    const { name } = writer;
    const text = reply(
      'The Q3 2025 distribution was $0.1450 per unit [1]. Details are at https://offers.example/q3 for you.\n\nBest regards, Margaret Chen, Portfolio Manager',
      name,
    );
    await save(writer.cookie, writer.messageId, text, 1);
    const flags = claimFlags((await check(writer.cookie, writer.messageId, 2)).flags);
    expect(flags.map((f) => [f.rule, f.term, f.severity])).toEqual([
      ['unsourced_link', 'https://offers.example/q3', 'medium'],
      ['second_sign_off', 'Best regards, Margaret Chen, Portfolio Manager', 'low'],
    ]);
    const link = flags[0] as Flag;
    expect(link.suggestion).toBe('Details are for you.');
    const fixed = await applyFix(writer.cookie, writer.messageId, 2, link);
    expect(fixed.draftText).not.toContain('https://');
    const signOff = claimFlags(fixed.compliance?.flags ?? [])[0] as Flag;
    expect(signOff.rule).toBe('second_sign_off');
    const signed = await applyFix(writer.cookie, writer.messageId, 3, signOff);
    expect(signed.draftText).not.toContain('Margaret Chen');
    expect(signed.draftText).toContain(`Kind regards,\n${name}`);
    expect(claimFlags(signed.compliance?.flags ?? [])).toEqual([]);
  });

  it('flags a closing signed by someone who did not write the reply', async () => {
    const writer = await scene();
    const { name } = writer;
    await save(
      writer.cookie,
      writer.messageId,
      reply('The Q3 2025 distribution was $0.1450 per unit [1].', 'Margaret Chen'),
      1,
    );
    const [flag] = claimFlags((await check(writer.cookie, writer.messageId, 2)).flags);
    expect(flag).toMatchObject({ rule: 'second_sign_off', term: 'Margaret Chen', suggestion: name });
  });
});

describe('Apply Fix on an unsupported figure', () => {
  it('quotes the passage that holds the right figure, cites it, and the new version checks clean', async () => {
    const writer = await scene({ cites: ['fees'] });
    const { name } = writer;
    const text = reply(
      'The management fee is 0.85% a year [1]. The Q3 distribution was $0.1400 per unit [1].',
      name,
    );
    await save(writer.cookie, writer.messageId, text, 1);
    const [flag] = claimFlags((await check(writer.cookie, writer.messageId, 2)).flags);
    expect(flag).toMatchObject({
      rule: 'unsupported_figure',
      term: '$0.1400',
      suggestion:
        'Q3 2025 distribution: the Fund paid $0.1450 per unit on 14 November 2025 to unitholders of record on 30 September 2025 [2].',
      citation: { id: writer.passages.q3.id, doc_path: writer.passages.q3.doc_path },
    });
    const fixed = await applyFix(writer.cookie, writer.messageId, 2, flag as Flag);
    expect(fixed.version).toBe(3);
    expect(fixed.draftText).toContain(`${flag?.suggestion}`);
    expect(fixed.citations.map((c) => c.id)).toEqual([writer.passages.fees.id, writer.passages.q3.id]);
    expect(fixed.compliance).toMatchObject({ flags: [], requires_approval: false });
    const [audit] = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, writer.orgId), eq(auditLogs.actionType, 'compliance_checked')))
      .orderBy(desc(auditLogs.seq))
      .limit(1);
    expect(audit?.details).toMatchObject({
      version: 3,
      fix_applied: { rule: 'unsupported_figure', cited: writer.passages.q3.id },
    });
  });

  it('keeps the citations when the passage is already cited, and uses its marker', async () => {
    const writer = await scene({ cites: ['fees', 'q3'] });
    const { name } = writer;
    const text = reply('The management fee is 0.85% a year [1]. The annualised yield is 3% [2].', name);
    await save(writer.cookie, writer.messageId, text, 1);
    const [flag] = claimFlags((await check(writer.cookie, writer.messageId, 2)).flags);
    expect(flag?.suggestion).toBe('The annualised distribution yield is 2.9% [2].');
    const fixed = await applyFix(writer.cookie, writer.messageId, 2, flag as Flag);
    expect(fixed.citations.map((c) => c.id)).toEqual([writer.passages.fees.id, writer.passages.q3.id]);
    // (The checker's own classifier may still read 'yield is 2.9%' as a forecast: not the claim check's.)
    expect(claimFlags(fixed.compliance?.flags ?? [])).toEqual([]);
  });
});

describe('the unsupported-figure severity setting', () => {
  it('changes the flag’s severity and who must approve, is validated and audited', async () => {
    const writer = await scene();
    const director = await ctx.signInAs('ir_director', writer.orgId);
    const { name } = writer;
    const settings = await json(
      await ctx.request('GET', '/api/compliance/settings', { cookie: director.cookie }),
    );
    expect(settings.unsupported_figure_severity).toBe('medium');

    const bad = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: director.cookie,
      body: { ...settings, unsupported_figure_severity: 'urgent' },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.unsupported_figure_severity).toBe('Use high, medium or low');

    const put = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: director.cookie,
      body: { ...settings, unsupported_figure_severity: 'high' },
    });
    expect(put.status).toBe(200);
    expect((await json(put)).unsupported_figure_severity).toBe('high');
    const [audit] = await ctx.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, writer.orgId), eq(auditLogs.actionType, 'compliance_settings_updated')))
      .orderBy(desc(auditLogs.seq))
      .limit(1);
    expect(audit?.details).toMatchObject({
      changed: ['unsupported_figure_severity'],
      unsupported_figure_severity: { before: 'medium', after: 'high' },
    });

    // A client that does not send the setting keeps it.
    const { unsupported_figure_severity: _kept, updated_at: _at, ...older } = settings;
    const keep = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: director.cookie,
      body: older,
    });
    expect((await json(keep)).unsupported_figure_severity).toBe('high');

    await save(writer.cookie, writer.messageId, reply('The annualised yield is 3.1% [1].', name), 1);
    const checked = await check(writer.cookie, writer.messageId, 2);
    expect(claimFlags(checked.flags)).toEqual([expect.objectContaining({ term: '3.1%', severity: 'high' })]);
    expect(checked.requires_approval).toBe(true);
    const [message] = await ctx.db
      .select({ status: investorMessages.status })
      .from(investorMessages)
      .where(eq(investorMessages.id, writer.messageId));
    expect(message?.status).toBe('flagged');
    const draft: Draft = await json(
      await ctx.request('GET', `/api/messages/${writer.messageId}/drafts/latest`, { cookie: writer.cookie }),
    );
    const approve = await ctx.request('POST', `/api/messages/${writer.messageId}/approve`, {
      cookie: writer.cookie,
      body: { version: 2, text_sha256: await sha256(draft.draftText) },
    });
    expect(approve.status).toBe(403);
  });
});

describe('a cleared unsupported figure', () => {
  it('stays cleared on re-check and no longer counts for approval', async () => {
    const writer = await scene();
    const director = await ctx.signInAs('ir_director', writer.orgId);
    const { name } = writer;
    const settings = await json(
      await ctx.request('GET', '/api/compliance/settings', { cookie: director.cookie }),
    );
    await ctx.request('PUT', '/api/compliance/settings', {
      cookie: director.cookie,
      body: { ...settings, unsupported_figure_severity: 'high' },
    });
    await save(writer.cookie, writer.messageId, reply('The annualised yield is 3.1% [1].', name), 1);
    const [flag] = claimFlags((await check(director.cookie, writer.messageId, 2)).flags);
    const dismissed = await ctx.request('POST', `/api/messages/${writer.messageId}/drafts/2/flags/dismiss`, {
      cookie: director.cookie,
      body: {
        start: flag?.start,
        end: flag?.end,
        reason: 'The 3.1% is the gross yield, quoted from the side letter.',
      },
    });
    expect(dismissed.status).toBe(200);
    const again = await check(writer.cookie, writer.messageId, 2);
    expect(claimFlags(again.flags)[0]?.dismissal).toBeTruthy();
    const state = await json(
      await ctx.request('GET', `/api/messages/${writer.messageId}/approval`, { cookie: writer.cookie }),
    );
    expect(state).toMatchObject({ level: 'none', requires_approval: false, can_finalise: true });
  });
});

describe('the automatic check after generation', () => {
  it('runs the claim check on the generated version against the passages it cites', async () => {
    const writer = await scene();
    const res = await ctx.request('POST', `/api/messages/${writer.messageId}/drafts/generate`, {
      cookie: writer.cookie,
    });
    expect(res.status).toBe(201);
    const generated: Draft = await json(res);
    expect(generated.compliance).not.toBeNull();
    // The built-in drafter quotes its passages word for word: nothing it states is unsupported.
    expect(
      claimFlags(generated.compliance?.flags ?? []).filter((f) => f.rule === 'unsupported_figure'),
    ).toEqual([]);
    const cited = await ctx.db
      .select({ id: documentPassages.id })
      .from(documentPassages)
      .where(
        inArray(
          documentPassages.id,
          generated.citations.map((c) => c.id),
        ),
      );
    expect(cited.length).toBe(generated.citations.length);
  });
});

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(digest).toString('hex');
}
