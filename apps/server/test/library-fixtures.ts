import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { investorMessages } from '../src/db/schema';
import { generateToken } from '../src/lib/crypto';
import { insertDocumentWith, insertProject } from './factories';
import { json, type TestContext } from './test-app';

/** An investor message of the fund (or of none), received now; returns its id. */
export async function insertQuestion(
  ctx: Pick<TestContext, 'db' | 'clock'>,
  input: { orgId: string; projectId: string | null; subject: string; body: string },
): Promise<string> {
  const [row] = await ctx.db
    .insert(investorMessages)
    .values({
      orgId: input.orgId,
      projectId: input.projectId,
      investorName: 'Jane Investor',
      investorEmail: `jane.${generateToken()
        .slice(0, 8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}@investor.test`,
      subject: input.subject,
      bodyText: input.body,
      createdAt: ctx.clock.now(),
    })
    .returning({ id: investorMessages.id });
  if (!row) throw new Error('no message');
  return row.id;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Generates a draft of the message through the route; returns the new version. */
export async function generateThroughRoute(ctx: TestContext, cookie: string, messageId: string) {
  const res = await ctx.request('POST', `/api/messages/${messageId}/drafts/generate`, { cookie });
  expect(res.status, 'generate').toBe(201);
  return json(res);
}

/** Approves and sends the message's latest version through the route (as an admin or director). */
export async function approveThroughRoute(ctx: TestContext, cookie: string, messageId: string) {
  const latest = await json(await ctx.request('GET', `/api/messages/${messageId}/drafts/latest`, { cookie }));
  const res = await ctx.request('POST', `/api/messages/${messageId}/approve`, {
    cookie,
    body: { version: latest.version, text_sha256: sha256(latest.draftText) },
  });
  expect(res.status, 'approve').toBe(200);
  return latest;
}

/** Passages of 'Q3 Letter.md' (pages 1 and 2) in the library scene. */
export const DISTRIBUTION_PASSAGE =
  'Fund Alpha paid a quarterly distribution of $0.42 per unit on 15 October 2025. Distributions are paid within 30 days of the quarter end.';
export const FEE_PASSAGE =
  'The management fee is 1.25% a year of net asset value, charged quarterly in arrears.';

/**
 * An organisation with a director (who keeps the library), an associate and a fund whose document
 * 'Q3 Letter.md' holds the distribution and fee passages.
 */
export async function insertLibraryScene(ctx: TestContext) {
  const director = await ctx.signInAs('ir_director');
  const associate = await ctx.signInAs('ir_associate', director.orgId);
  const projectId = await insertProject(ctx.db, { orgId: director.orgId });
  const {
    passageIds: [distributionId, feeId],
  } = await insertDocumentWith(ctx.db, {
    orgId: director.orgId,
    projectId,
    fileName: 'Q3 Letter.md',
    texts: [DISTRIBUTION_PASSAGE, FEE_PASSAGE],
  });
  if (!distributionId || !feeId) throw new Error('no passages');
  return { director, associate, orgId: director.orgId, projectId, distributionId, feeId };
}
