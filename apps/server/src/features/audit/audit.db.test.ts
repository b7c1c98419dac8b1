import { describe, expect, it } from 'vitest';
import { createTestContext, json } from '../../../test/test-app';

const ctx = await createTestContext();

describe('GET /api/audit/verify', () => {
  it('is for admins and directors only', async () => {
    await ctx.expectGuarded('GET', '/api/audit/verify', 'audit.verify');
  });

  it("walks the caller's own organisation only", async () => {
    const director = await ctx.signInAs('ir_director');
    await ctx.signInAs('admin'); // another organisation, with entries of its own
    const res = await ctx.request('GET', '/api/audit/verify', { cookie: director.cookie });
    expect(res.status).toBe(200);
    // organization_created, user_created, sign_in
    expect(await json(res)).toEqual({ valid: true, entries: 3 });
  });
});
