import { ROLES } from '@parley/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMessage, insertProject } from '../../../test/factories';
import { createTestContext } from '../../../test/test-app';
import { auditLogs } from '../../db/schema';
import { verifyAuditChain } from '../audit/audit.service';
import { THREAD_READING_IDLE_MINUTES } from './thread-opens';

const ctx = await createTestContext();
const MINUTE = 60_000;

async function openings(orgId: string) {
  return ctx.db
    .select({ actorId: auditLogs.actorId, entityId: auditLogs.entityId, details: auditLogs.details })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, 'message_opened')))
    .orderBy(asc(auditLogs.seq));
}

async function thread(orgId: string) {
  const projectId = await insertProject(ctx.db, { orgId });
  const messageId = await insertMessage(ctx.db, { orgId, projectId, createdAt: ctx.clock.now() });
  return { projectId, messageId };
}

const read = (cookie: string, messageId: string) =>
  ctx.request('GET', `/api/messages/${messageId}`, { cookie });

/** Keeps the session alive without reading the thread (the session ends after 30 idle minutes). */
async function stayActive(cookie: string, minutes: number) {
  for (let left = minutes; left > 0; left -= 10) {
    ctx.clock.advance(Math.min(10, left) * MINUTE);
    expect((await ctx.request('GET', '/api/auth/session', { cookie })).status).toBe(200);
  }
}

describe('opening an investor thread', () => {
  it.each(ROLES)('is recorded for a %s, with ids only, in their organisation’s chain', async (role) => {
    const reader = await ctx.signInAs(role);
    const { projectId, messageId } = await thread(reader.orgId);
    expect((await read(reader.cookie, messageId)).status).toBe(200);
    const entries = await openings(reader.orgId);
    expect(entries).toEqual([
      {
        actorId: reader.userId,
        entityId: messageId,
        details: { project_id: projectId, session_id: expect.any(String) },
      },
    ]);
    // The log is append-only: the investor's name, address and words stay out of it.
    expect(JSON.stringify(entries)).not.toMatch(/Row Investor|row@example\.com|Row subject|Row body/);
    expect(await verifyAuditChain(ctx.auditDeps, reader.orgId)).toMatchObject({ valid: true });
  });

  it('is recorded once per reading, not for each refresh while the thread stays open', async () => {
    const reader = await ctx.signInAs('ir_associate');
    const { messageId } = await thread(reader.orgId);
    for (let i = 0; i < 5; i += 1) {
      expect((await read(reader.cookie, messageId)).status).toBe(200);
      ctx.clock.advance(5 * MINUTE);
    }
    // Forty minutes of refreshes, none more than the idle time apart: still one reading.
    for (let i = 0; i < 3; i += 1) {
      ctx.clock.advance((THREAD_READING_IDLE_MINUTES - 10) * MINUTE);
      expect((await read(reader.cookie, messageId)).status).toBe(200);
    }
    expect(await openings(reader.orgId)).toHaveLength(1);
  });

  it('is recorded again when the session comes back to the thread after leaving it for the idle time', async () => {
    const reader = await ctx.signInAs('ir_director');
    const { messageId } = await thread(reader.orgId);
    await read(reader.cookie, messageId);
    await stayActive(reader.cookie, THREAD_READING_IDLE_MINUTES - 1);
    await read(reader.cookie, messageId);
    expect(await openings(reader.orgId), 'back within the idle time').toHaveLength(1);
    await stayActive(reader.cookie, THREAD_READING_IDLE_MINUTES);
    await read(reader.cookie, messageId);
    expect(await openings(reader.orgId), 'back after it').toHaveLength(2);
  });

  it('is recorded for each thread and for each session of the reader', async () => {
    const reader = await ctx.signInAs('ir_associate');
    const first = await thread(reader.orgId);
    const second = await thread(reader.orgId);
    const otherDevice = await ctx.signInUser(reader);
    await read(reader.cookie, first.messageId);
    await read(reader.cookie, second.messageId);
    await read(otherDevice.cookie, first.messageId);
    const entries = await openings(reader.orgId);
    expect(entries.map((e) => e.entityId)).toEqual([first.messageId, second.messageId, first.messageId]);
    expect(new Set(entries.map((e) => (e.details as { session_id: string }).session_id)).size).toBe(2);
  });

  it('records one opening when two first reads of a session arrive together', async () => {
    const reader = await ctx.signInAs('ir_associate');
    const { messageId } = await thread(reader.orgId);
    const answers = await Promise.all([read(reader.cookie, messageId), read(reader.cookie, messageId)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await openings(reader.orgId)).toHaveLength(1);
  });

  it('records nothing for a thread of another organisation, which is not found', async () => {
    const reader = await ctx.signInAs('ir_director');
    const other = await ctx.signInAs('ir_director');
    const { messageId } = await thread(other.orgId);
    expect((await read(reader.cookie, messageId)).status).toBe(404);
    expect(await openings(reader.orgId)).toEqual([]);
    expect(await openings(other.orgId)).toEqual([]);
  });
});
