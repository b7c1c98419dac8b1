import { readFile } from 'node:fs/promises';
import { SYSTEM_CONFIG_KEYS } from '@parley/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext, json } from '../../../test/test-app';
import { auditLogs, systemConfig } from '../../db/schema';
import { nextScheduledAt } from './weekly-report-schedule';

const ctx = await createTestContext();
const PATH = '/api/admin/weekly-report';

async function entries(orgId: string) {
  return ctx.db
    .select({ actorId: auditLogs.actorId, details: auditLogs.details })
    .from(auditLogs)
    .where(and(eq(auditLogs.orgId, orgId), eq(auditLogs.actionType, 'weekly_report_schedule_updated')))
    .orderBy(auditLogs.seq);
}

async function storedKeys(orgId: string) {
  const rows = await ctx.db
    .select({ key: systemConfig.key, value: systemConfig.value })
    .from(systemConfig)
    .where(eq(systemConfig.orgId, orgId));
  return rows.filter((r) => r.key.startsWith('weekly_report_')).sort((a, b) => (a.key < b.key ? -1 : 1));
}

describe('the weekly report schedule API', () => {
  it('is for admins only', async () => {
    await ctx.expectGuarded('GET', PATH, 'admin.manage');
    await ctx.expectGuarded('PUT', PATH, 'admin.manage', {
      day: 'friday',
      time: '17:30',
      time_zone: 'Europe/London',
    });
  });

  it('reads Monday 08:00 UTC until an admin changes it', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await ctx.request('GET', PATH, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      day: 'monday',
      time: '08:00',
      time_zone: 'UTC',
      next_at: nextScheduledAt(
        { day: 'monday', time: '08:00', timeZone: 'UTC' },
        ctx.clock.now(),
      ).toISOString(),
      last_sent_at: null,
    });
  });

  it('changes the schedule, audited with what it replaced, and a repeat changes nothing', async () => {
    const admin = await ctx.signInAs('admin');
    const body = { day: 'friday', time: '17:30', time_zone: 'America/New_York' };
    const res = await ctx.request('PUT', PATH, { cookie: admin.cookie, body });
    expect(res.status).toBe(200);
    const expected = {
      ...body,
      next_at: nextScheduledAt(
        { day: 'friday', time: '17:30', timeZone: 'America/New_York' },
        ctx.clock.now(),
      ).toISOString(),
      last_sent_at: null,
    };
    expect(await json(res)).toEqual(expected);
    expect(await json(await ctx.request('GET', PATH, { cookie: admin.cookie }))).toEqual(expected);
    expect(await entries(admin.orgId)).toEqual([
      {
        actorId: admin.userId,
        details: {
          changes: {
            weekly_report_day: { from: 'monday', to: 'friday' },
            weekly_report_time: { from: '08:00', to: '17:30' },
            weekly_report_time_zone: { from: 'UTC', to: 'America/New_York' },
          },
        },
      },
    ]);
    expect(await storedKeys(admin.orgId)).toEqual([
      { key: 'weekly_report_day', value: 'friday' },
      { key: 'weekly_report_time', value: '17:30' },
      { key: 'weekly_report_time_zone', value: 'America/New_York' },
    ]);

    expect((await ctx.request('PUT', PATH, { cookie: admin.cookie, body })).status).toBe(200);
    expect(await entries(admin.orgId)).toHaveLength(1);

    // Only the time: one setting changed, one change recorded.
    await ctx.request('PUT', PATH, { cookie: admin.cookie, body: { ...body, time: '09:15' } });
    expect((await entries(admin.orgId))[1]?.details).toEqual({
      changes: { weekly_report_time: { from: '17:30', to: '09:15' } },
    });
    expect(await storedKeys(admin.orgId)).toContainEqual({ key: 'weekly_report_time', value: '09:15' });
    expect(await storedKeys(admin.orgId)).toHaveLength(3);

    // Another organisation keeps its own schedule.
    const other = await ctx.signInAs('admin');
    expect((await json(await ctx.request('GET', PATH, { cookie: other.cookie }))).day).toBe('monday');
  });

  it('refuses a bad day, time or time zone with 400 naming each field, and writes nothing', async () => {
    const admin = await ctx.signInAs('admin');
    const res = await ctx.request('PUT', PATH, {
      cookie: admin.cookie,
      body: { day: 'funday', time: '24:00', time_zone: 'Mars/Olympus_Mons' },
    });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields).sort()).toEqual(['day', 'time', 'time_zone']);
    expect(error.fields.time_zone).toMatch(/time zone/);

    for (const body of [
      { day: 'monday', time: '8:00', time_zone: 'UTC' },
      { day: 'monday', time: '08:00' },
      { day: 'monday', time: '08:00', time_zone: 'UTC', cron: '* * * * *' },
    ]) {
      const refused = await ctx.request('PUT', PATH, { cookie: admin.cookie, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect(await entries(admin.orgId)).toEqual([]);
    expect(await storedKeys(admin.orgId)).toEqual([]);
  });

  it('refuses a director', async () => {
    const director = await ctx.signInAs('ir_director');
    const res = await ctx.request('PUT', PATH, {
      cookie: director.cookie,
      body: { day: 'friday', time: '17:30', time_zone: 'UTC' },
    });
    expect(res.status).toBe(403);
    expect(await entries(director.orgId)).toEqual([]);
  });
});

describe('migration 0023 (system_config takes real values)', () => {
  // The migration's data step, run again on rows written the old way (decision 041's `name=value`
  // keys). Its constraint statements are left out: a later migration (0039) widened the constraint,
  // and replaying 0023's would put the older one back for the rest of this file.
  const migration = new URL('../../db/migrations/0023_system_config_values.sql', import.meta.url);

  it('turns the old `name=value` rows into plain rows, the latest winning, and the API reads them', async () => {
    const admin = await ctx.signInAs('admin');
    const other = await ctx.signInAs('admin');
    const at = (iso: string) => new Date(iso);
    await ctx.db.insert(systemConfig).values([
      {
        orgId: admin.orgId,
        key: 'weekly_report_day=friday',
        value: 'true',
        updatedAt: at('2026-11-01T00:00:00Z'),
      },
      {
        orgId: admin.orgId,
        key: 'weekly_report_day=tuesday',
        value: 'true',
        updatedAt: at('2026-11-02T00:00:00Z'),
      },
      {
        orgId: admin.orgId,
        key: 'weekly_report_time=17:30',
        value: 'true',
        updatedAt: at('2026-11-01T00:00:00Z'),
      },
      {
        orgId: admin.orgId,
        key: 'weekly_report_time_zone=America/New_York',
        value: 'true',
        updatedAt: at('2026-11-01T00:00:00Z'),
      },
      {
        orgId: other.orgId,
        key: 'weekly_report_time=06:45',
        value: 'true',
        updatedAt: at('2026-11-01T00:00:00Z'),
      },
    ]);
    const statements = (await readFile(migration, 'utf8'))
      .split('--> statement-breakpoint')
      .filter((statement) => !statement.includes('system_config_value_check'));
    await ctx.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });

    expect(await storedKeys(admin.orgId)).toEqual([
      { key: 'weekly_report_day', value: 'tuesday' },
      { key: 'weekly_report_time', value: '17:30' },
      { key: 'weekly_report_time_zone', value: 'America/New_York' },
    ]);
    expect(await storedKeys(other.orgId)).toEqual([{ key: 'weekly_report_time', value: '06:45' }]);
    const res = await json(await ctx.request('GET', PATH, { cookie: admin.cookie }));
    expect([res.day, res.time, res.time_zone]).toEqual(['tuesday', '17:30', 'America/New_York']);
  });

  it('keeps the switches boolean and lets other keys hold text', async () => {
    const admin = await ctx.signInAs('admin');
    for (const key of SYSTEM_CONFIG_KEYS) {
      await expect(
        ctx.db
          .insert(systemConfig)
          .values({ orgId: admin.orgId, key, value: 'yes' })
          .onConflictDoUpdate({
            target: [systemConfig.orgId, systemConfig.key],
            set: { value: 'yes' },
          }),
        key,
      ).rejects.toThrow();
    }
    await ctx.db
      .insert(systemConfig)
      .values({ orgId: admin.orgId, key: 'email_health_last_status', value: 'WARN' });
  });
});
