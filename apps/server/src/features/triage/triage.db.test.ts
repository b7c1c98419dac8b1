import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMessage, insertProject } from '../../../test/factories';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs, investorMessages, messageReads, users } from '../../db/schema';

const ctx = await createTestContext();

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** A director and an associate of one organisation, with a fund and `n` open messages (newest last). */
async function team(n = 1, status = 'open') {
  const director = await ctx.signInAs('ir_director');
  const associate = await ctx.signInAs('ir_associate', director.orgId);
  const projectId = await insertProject(ctx.db, { orgId: director.orgId });
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await insertMessage(ctx.db, {
        orgId: director.orgId,
        projectId,
        status,
        createdAt: new Date(ctx.clock.now().getTime() - (n - i) * 60_000),
      }),
    );
  }
  return { director, associate, projectId, ids, orgId: director.orgId };
}

async function listItems(cookie: string, query = '') {
  const res = await ctx.request('GET', `/api/messages${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await json(res)).items as {
    id: string;
    unread: boolean;
    owner: { id: string; name: string } | null;
  }[];
}

async function badges(cookie: string) {
  const res = await ctx.request('GET', '/api/messages/badges', { cookie });
  expect(res.status).toBe(200);
  return json(res);
}

function setOwner(cookie: string, id: string, body: unknown) {
  return ctx.request('PUT', `/api/messages/${id}/owner`, { cookie, body });
}

function bulk(cookie: string, body: unknown) {
  return ctx.request('POST', '/api/messages/bulk', { cookie, body });
}

async function entries(orgId: string, actionType: string) {
  return ctx.db
    .select({ entityId: auditLogs.entityId, details: auditLogs.details })
    .from(auditLogs)
    .where(and(eq(auditLogs.chain, orgId), eq(auditLogs.actionType, actionType)));
}

async function statuses(ids: string[]) {
  const rows = await ctx.db
    .select({ id: investorMessages.id, status: investorMessages.status, ownerId: investorMessages.ownerId })
    .from(investorMessages)
    .where(inArray(investorMessages.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row]));
}

describe('who may triage', () => {
  it('lets every role read the badges and assignees, and only writers assign or change in bulk', async () => {
    await ctx.expectGuarded('GET', '/api/messages/badges', 'workspace.read');
    await ctx.expectGuarded('GET', '/api/messages/assignees', 'workspace.read');
    await ctx.expectGuarded('PUT', `/api/messages/${SOME_ID}/owner`, 'messages.write', { owner_id: null });
    await ctx.expectGuarded('POST', '/api/messages/bulk', 'messages.write', {
      ids: [SOME_ID],
      action: 'resolve',
    });
  });
});

describe('unread state per member', () => {
  it('shows a new message unread to everyone, and opening it reads it for the opener only', async () => {
    const t = await team(2);
    const [first, second] = t.ids as [string, string];
    expect((await listItems(t.director.cookie)).every((item) => item.unread)).toBe(true);
    expect((await listItems(t.associate.cookie)).every((item) => item.unread)).toBe(true);

    const opened = await ctx.request('GET', `/api/messages/${first}`, { cookie: t.director.cookie });
    expect(opened.status).toBe(200);
    expect((await json(opened)).unread).toBe(false);

    const forDirector = await listItems(t.director.cookie);
    expect(forDirector.find((item) => item.id === first)?.unread).toBe(false);
    expect(forDirector.find((item) => item.id === second)?.unread).toBe(true);
    expect((await listItems(t.associate.cookie)).every((item) => item.unread)).toBe(true);

    // A refresh of the open thread writes no second row.
    await ctx.request('GET', `/api/messages/${first}`, { cookie: t.director.cookie });
    const reads = await ctx.db.select().from(messageReads).where(eq(messageReads.messageId, first));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ userId: t.director.userId, orgId: t.orgId });
  });

  it('records nothing when a member of another organisation asks for the message', async () => {
    const t = await team(1);
    const outsider = await ctx.signInAs('ir_director');
    const res = await ctx.request('GET', `/api/messages/${t.ids[0]}`, { cookie: outsider.cookie });
    expect(res.status).toBe(404);
    expect(await ctx.db.select().from(messageReads).where(eq(messageReads.userId, outsider.userId))).toEqual(
      [],
    );
    expect(await listItems(outsider.cookie)).toEqual([]);
    expect((await badges(outsider.cookie)).unread).toBe(0);
  });

  it('counts the caller’s unread messages still to be dealt with, and approvals waiting for reviewers', async () => {
    const t = await team(3);
    await insertMessage(ctx.db, { orgId: t.orgId, status: 'resolved', createdAt: ctx.clock.now() });
    await insertMessage(ctx.db, { orgId: t.orgId, status: 'awaiting_approval', createdAt: ctx.clock.now() });
    expect(await badges(t.director.cookie)).toEqual({
      unread: 4,
      unread_capped: false,
      approvals_waiting: 1,
    });
    await ctx.request('GET', `/api/messages/${t.ids[0]}`, { cookie: t.director.cookie });
    expect((await badges(t.director.cookie)).unread).toBe(3);
    // An associate reviews nothing: no approvals count, and their own unread.
    expect(await badges(t.associate.cookie)).toEqual({
      unread: 4,
      unread_capped: false,
      approvals_waiting: null,
    });
  });

  it('stops the unread count at 99 and says there are more', async () => {
    const t = await team(101);
    expect(await badges(t.associate.cookie)).toMatchObject({ unread: 99, unread_capped: true });
  });
});

describe('the owner of a message', () => {
  it('gives a message to a member, lists the owner, audits the change and accepts null for nobody', async () => {
    const t = await team(1);
    const id = t.ids[0] as string;
    const res = await setOwner(t.associate.cookie, id, { owner_id: t.director.userId });
    expect(res.status).toBe(200);
    expect((await json(res)).owner).toEqual({ id: t.director.userId, name: expect.any(String) });
    expect((await listItems(t.associate.cookie))[0]?.owner?.id).toBe(t.director.userId);

    // The same owner again changes and records nothing.
    expect((await setOwner(t.associate.cookie, id, { owner_id: t.director.userId })).status).toBe(200);
    const cleared = await setOwner(t.associate.cookie, id, { owner_id: null });
    expect((await json(cleared)).owner).toBeNull();
    const recorded = await entries(t.orgId, 'message_owner_changed');
    expect(recorded.map((e) => e.details)).toEqual([
      { project_id: t.projectId, from: null, to: t.director.userId },
      { project_id: t.projectId, from: t.director.userId, to: null },
    ]);
  });

  it('refuses an owner of another organisation, a deactivated member and a bad id with 400 naming owner_id', async () => {
    const t = await team(1);
    const id = t.ids[0] as string;
    const outsider = await ctx.signInAs('ir_director');
    const gone = await ctx.createUser('ir_associate', t.orgId);
    await ctx.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, gone.userId));
    for (const owner_id of [outsider.userId, gone.userId, SOME_ID, 'nobody']) {
      const res = await setOwner(t.associate.cookie, id, { owner_id });
      expect(res.status, owner_id).toBe(400);
      expect((await json(res)).error.fields).toHaveProperty('owner_id');
    }
    expect((await setOwner(t.associate.cookie, id, {})).status).toBe(400);
    expect((await statuses([id]))[id]?.ownerId).toBeNull();
    expect(await entries(t.orgId, 'message_owner_changed')).toEqual([]);
  });

  it('answers 404 for another organisation’s message and changes nothing', async () => {
    const t = await team(1);
    const outsider = await ctx.signInAs('ir_director');
    const res = await setOwner(outsider.cookie, t.ids[0] as string, { owner_id: outsider.userId });
    expect(res.status).toBe(404);
    expect((await statuses(t.ids))[t.ids[0] as string]?.ownerId).toBeNull();
  });

  it('offers the organisation’s active members only', async () => {
    const t = await team(0);
    const outsider = await ctx.signInAs('ir_director');
    const res = await ctx.request('GET', '/api/messages/assignees', { cookie: t.associate.cookie });
    const ids = ((await json(res)).items as { id: string }[]).map((m) => m.id).sort();
    expect(ids).toEqual([t.director.userId, t.associate.userId].sort());
    expect(ids).not.toContain(outsider.userId);
  });
});

describe('bulk changes', () => {
  it('resolves, reopens and assigns a selection with one audit entry per message changed', async () => {
    const t = await team(3);
    await ctx.db
      .update(investorMessages)
      .set({ status: 'resolved' })
      .where(eq(investorMessages.id, t.ids[2] as string));

    const resolved = await bulk(t.associate.cookie, { ids: t.ids, action: 'resolve' });
    expect(resolved.status).toBe(200);
    expect((await json(resolved)).changed.sort()).toEqual([t.ids[0], t.ids[1]].sort());
    expect(Object.values(await statuses(t.ids)).map((m) => m.status)).toEqual([
      'resolved',
      'resolved',
      'resolved',
    ]);
    expect(await entries(t.orgId, 'message_resolved')).toHaveLength(2);

    const reopened = await bulk(t.associate.cookie, { ids: [t.ids[0]], action: 'reopen' });
    expect((await json(reopened)).changed).toEqual([t.ids[0]]);
    expect((await statuses(t.ids))[t.ids[0] as string]?.status).toBe('open');
    expect(await entries(t.orgId, 'message_reopened')).toHaveLength(1);

    const assigned = await bulk(t.associate.cookie, {
      ids: t.ids,
      action: 'assign',
      owner_id: t.associate.userId,
    });
    expect((await json(assigned)).changed).toHaveLength(3);
    expect(Object.values(await statuses(t.ids)).every((m) => m.ownerId === t.associate.userId)).toBe(true);
    expect(await entries(t.orgId, 'message_owner_changed')).toHaveLength(3);
  });

  it('refuses the whole batch, writing nothing, when one id is another organisation’s', async () => {
    const t = await team(2);
    const other = await team(1);
    const res = await bulk(t.associate.cookie, {
      ids: [t.ids[0], other.ids[0], t.ids[1]],
      action: 'resolve',
    });
    expect(res.status).toBe(404);
    expect((await json(res)).error.fields).toEqual({ 'ids.1': 'No such message' });
    expect(Object.values(await statuses([...t.ids, ...other.ids])).map((m) => m.status)).toEqual([
      'open',
      'open',
      'open',
    ]);
    expect(await entries(t.orgId, 'message_resolved')).toEqual([]);
  });

  it('refuses resolving a message awaiting approval, with nothing of the batch written', async () => {
    const t = await team(1);
    const waiting = await insertMessage(ctx.db, {
      orgId: t.orgId,
      status: 'awaiting_approval',
      createdAt: ctx.clock.now(),
    });
    const res = await bulk(t.associate.cookie, { ids: [t.ids[0], waiting], action: 'resolve' });
    expect(res.status).toBe(409);
    expect((await statuses([t.ids[0] as string]))[t.ids[0] as string]?.status).toBe('open');
    expect(await entries(t.orgId, 'message_resolved')).toEqual([]);
  });

  it('validates the request: ids 1–100, a known action, an owner only for assign', async () => {
    const t = await team(1);
    const tooMany = Array.from({ length: 101 }, () => t.ids[0]);
    const cases: [unknown, string][] = [
      [{ ids: [], action: 'resolve' }, 'ids'],
      [{ ids: tooMany, action: 'resolve' }, 'ids'],
      [{ ids: ['x'], action: 'resolve' }, 'ids.0'],
      [{ ids: t.ids, action: 'delete' }, 'action'],
      [{ ids: t.ids, action: 'assign' }, 'owner_id'],
      [{ ids: t.ids, action: 'resolve', owner_id: t.director.userId }, 'owner_id'],
    ];
    for (const [body, field] of cases) {
      const res = await bulk(t.associate.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).error.fields).toHaveProperty([field]);
    }
    const outsider = await ctx.signInAs('ir_director');
    const foreignOwner = await bulk(t.associate.cookie, {
      ids: t.ids,
      action: 'assign',
      owner_id: outsider.userId,
    });
    expect(foreignOwner.status).toBe(400);
    expect((await statuses(t.ids))[t.ids[0] as string]?.ownerId).toBeNull();
  });

  it('refuses is_associate with 403 and changes nothing', async () => {
    const t = await team(1);
    const analyst = await ctx.signInAs('is_associate', t.orgId);
    expect((await bulk(analyst.cookie, { ids: t.ids, action: 'resolve' })).status).toBe(403);
    expect((await setOwner(analyst.cookie, t.ids[0] as string, { owner_id: null })).status).toBe(403);
    expect((await statuses(t.ids))[t.ids[0] as string]?.status).toBe('open');
  });
});
