import { describe, expect, it } from 'vitest';
import { buildMessageInput, insertProject } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';

const ctx = await createTestContext();

const PATH = '/api/compose-draft';

const EMPTY = {
  investor_name: '',
  investor_email: '',
  project_id: '',
  subject: '',
  body_text: '',
  topics: [],
};

function read(cookie: string) {
  return ctx.request('GET', PATH, { cookie });
}

function save(cookie: string, body: unknown) {
  return ctx.request('PUT', PATH, { cookie, body });
}

describe('who may keep a compose draft', () => {
  it('lets every role that logs messages read, save and discard their own, and no other', async () => {
    await ctx.expectGuarded('GET', PATH, 'messages.write');
    await ctx.expectGuarded('PUT', PATH, 'messages.write', EMPTY);
    await ctx.expectGuarded('DELETE', PATH, 'messages.write');
  });
});

describe('the compose draft', () => {
  it('is null before anything is saved, then comes back as typed, on any device', async () => {
    const user = await ctx.signInAs('ir_associate');
    expect(await json(await read(user.cookie))).toEqual({ draft: null });

    const projectId = await insertProject(ctx.db, { orgId: user.orgId });
    const typed = {
      ...EMPTY,
      investor_name: 'Jane Hart ',
      investor_email: 'jane@',
      project_id: projectId,
      body_text: 'Half a question',
      topics: ['Fees'],
    };
    const saved = await save(user.cookie, typed);
    expect(saved.status).toBe(200);
    const body = await json(saved);
    expect(body.draft).toEqual({ ...typed, saved_at: ctx.clock.now().toISOString() });

    // A second session of the same member (another browser) reads the same draft.
    const elsewhere = await ctx.signInUser(user);
    expect((await json(await read(elsewhere.cookie))).draft).toEqual(body.draft);
  });

  it("keeps each member's draft to themselves", async () => {
    const author = await ctx.signInAs('ir_associate');
    await save(author.cookie, { ...EMPTY, subject: 'Mine' });
    const colleague = await ctx.signInAs('ir_director', author.orgId);
    expect(await json(await read(colleague.cookie))).toEqual({ draft: null });
  });

  it('refuses a fund of another organisation and names the field', async () => {
    const user = await ctx.signInAs('ir_associate');
    const other = await ctx.createOrg();
    const foreignProject = await insertProject(ctx.db, { orgId: other });
    const res = await save(user.cookie, { ...EMPTY, subject: 'x', project_id: foreignProject });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual({ project_id: 'Choose one of your projects' });
  });

  it('refuses what could not be logged either, naming each field', async () => {
    const user = await ctx.signInAs('ir_associate');
    const res = await save(user.cookie, {
      ...EMPTY,
      subject: 's'.repeat(301),
      project_id: 'not-a-uuid',
      topics: Array.from({ length: 11 }, (_, i) => `t${i}`),
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await json(res)).error.fields).sort()).toEqual(['project_id', 'subject', 'topics']);
  });

  it('is deleted by saving an empty form, and by Discard', async () => {
    const user = await ctx.signInAs('ir_associate');
    await save(user.cookie, { ...EMPTY, subject: 'Soon gone' });
    expect((await json(await save(user.cookie, { ...EMPTY, subject: '   ' }))).draft).toBeNull();
    expect(await json(await read(user.cookie))).toEqual({ draft: null });

    await save(user.cookie, { ...EMPTY, subject: 'Soon gone' });
    expect((await ctx.request('DELETE', PATH, { cookie: user.cookie })).status).toBe(204);
    expect(await json(await read(user.cookie))).toEqual({ draft: null });
  });

  it('is cleared when its author logs the message', async () => {
    const user = await ctx.signInAs('ir_associate');
    const projectId = await insertProject(ctx.db, { orgId: user.orgId });
    await save(user.cookie, { ...EMPTY, subject: 'Almost done', project_id: projectId });
    const logged = await ctx.request('POST', '/api/messages', {
      cookie: user.cookie,
      body: buildMessageInput({ project_id: projectId }),
    });
    expect(logged.status).toBe(201);
    expect(await json(await read(user.cookie))).toEqual({ draft: null });
  });

  it("is deleted when the investor's data is erased", async () => {
    const admin = await ctx.signInAs('admin');
    const associate = await ctx.signInAs('ir_associate', admin.orgId);
    await save(associate.cookie, {
      ...EMPTY,
      investor_email: 'Jane.Hart@Example.com',
      body_text: 'Her question',
    });
    await save(admin.cookie, { ...EMPTY, investor_email: 'someone.else@example.com' });

    const erased = await ctx.request('POST', '/api/retention/erasures', {
      cookie: admin.cookie,
      body: { investor_email: 'jane.hart@example.com', reason: 'The investor asked to be forgotten' },
    });
    expect(erased.status).toBe(201);
    expect(await json(await read(associate.cookie))).toEqual({ draft: null });
    expect((await json(await read(admin.cookie))).draft).not.toBeNull();
  });
});
