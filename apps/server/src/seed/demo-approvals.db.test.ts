import { describe, expect, it } from 'vitest';
import { createTestContext, json } from '../../test/test-app';
import { seedDemoApprovals } from './demo-approvals';
import { seedDemoMessages } from './demo-messages';

const ctx = await createTestContext();

describe('demo submissions', () => {
  it('wait in the approval queue as submitted ones do: flagged first, each with its class', async () => {
    const director = await ctx.signInAs('ir_director');
    const associate = await ctx.signInAs('ir_associate', director.orgId);
    await seedDemoMessages(ctx.deps, director.orgId, associate.userId);
    expect(
      await seedDemoApprovals(ctx.deps, director.orgId, associate.userId, director.userId),
    ).toBeGreaterThan(0);

    const res = await ctx.request('GET', '/api/approvals?limit=100', { cookie: director.cookie });
    expect(res.status).toBe(200);
    const items: { flags: { highest: string | null }; communication_class: string | null }[] = (
      await json(res)
    ).items;
    expect(items.length).toBeGreaterThan(2);
    const ranks = items.map((item) => ['high', 'medium', 'low'].indexOf(item.flags.highest ?? '') + 1 || 4);
    expect(ranks.some((rank) => rank === 1)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(items.every((item) => item.communication_class === 'correspondence')).toBe(true);
  });
});
