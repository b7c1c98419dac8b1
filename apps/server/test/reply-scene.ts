import { createHash } from 'node:crypto';
import { DEFAULT_APPROVAL_MATRIX } from '@parley/contracts';
import { expect } from 'vitest';
import { investorMessages } from '../src/db/schema';
import { generateToken } from '../src/lib/crypto';
import { insertProject } from './factories';
import { json, type TestContext } from './test-app';

/**
 * The scene the reply tests share: an organisation with a member per writing role and a message
 * with a saved draft, through the real API; and a save of the compliance settings.
 */

// States no figure: the draft cites no passage, so a figure would be unsupported (decision 026).
export const CLEAN_TEXT =
  'Dear Jane,\n\nThe Q3 distribution was paid as the quarterly letter set out.\n\nKind regards,\nThe IR team';
export const FLAGGED_TEXT =
  'Dear Jane,\n\nYour returns are guaranteed and the fund is a safe place for your money.\n\nKind regards';
/** An approver's reason for sending a reply with high-severity flags. */
export const REASON = 'Reviewed with compliance: the wording is quoted from the signed side letter.';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const uniqueInvestorEmail = (name: string) =>
  `${name}.${generateToken()
    .slice(0, 8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}@investor.test`;

export function replyScenes(ctx: TestContext) {
  async function messageIn(orgId: string, overrides: Partial<typeof investorMessages.$inferInsert> = {}) {
    const [row] = await ctx.db
      .insert(investorMessages)
      .values({
        orgId,
        projectId: await insertProject(ctx.db, { orgId }),
        investorName: 'Jane Investor',
        investorEmail: uniqueInvestorEmail('jane'),
        subject: 'Q3 distribution',
        bodyText: 'When is the Q3 distribution paid?',
        sentimentScore: 0.7,
        createdAt: ctx.clock.now(),
        ...overrides,
      })
      .returning({ id: investorMessages.id, investorEmail: investorMessages.investorEmail });
    if (!row) throw new Error('no message');
    return row;
  }

  async function saveDraft(cookie: string, messageId: string, text: string, basedOn: number) {
    const res = await ctx.request('POST', `/api/messages/${messageId}/drafts`, {
      cookie,
      body: { text, based_on_version: basedOn },
    });
    expect(res.status, 'save draft').toBe(201);
    const draft = await json(res);
    return { version: draft.version as number, text_sha256: sha256(draft.draftText as string) };
  }

  /** An organisation with one member per writing role, and a message with a saved draft. */
  async function scene(text = CLEAN_TEXT) {
    const associate = await ctx.signInAs('ir_associate');
    const director = await ctx.signInAs('ir_director', associate.orgId);
    const admin = await ctx.signInAs('admin', associate.orgId);
    const message = await messageIn(associate.orgId);
    const draft = await saveDraft(associate.cookie, message.id, text, 0);
    return { associate, director, admin, orgId: associate.orgId, message, messageId: message.id, draft };
  }

  /** Saves the compliance settings: a short disclaimer, the default matrix unless given, and `extra`. */
  async function saveSettings(adminCookie: string, extra: Record<string, unknown> = {}) {
    const res = await ctx.request('PUT', '/api/compliance/settings', {
      cookie: adminCookie,
      body: {
        forward_looking_disclaimer: 'Past performance is no guarantee of future results.',
        risk_factor_tags: [],
        compliance_contact: '',
        approval_matrix: DEFAULT_APPROVAL_MATRIX,
        ...extra,
      },
    });
    expect(res.status).toBe(200);
    return json(res);
  }

  const post = (path: string, cookie: string, body: unknown) => ctx.request('POST', path, { cookie, body });

  return { messageIn, saveDraft, scene, saveSettings, post };
}
