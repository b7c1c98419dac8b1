import { describe, expect, it } from 'vitest';
import { buildMember, insertProject } from '../../../test/factories';
import { createTestContext } from '../../../test/test-app';
import { appendAudit } from '../../lib/audit';
import { fixedClock } from '../../lib/clock';
import { createMember } from '../users/users.service';
import {
  type AuditEntryFilter,
  findMemberIdsMatching,
  findSeqRangeOfDates,
  listAuditEntries,
} from './audit.queries';
import { auditSearchOf } from './audit-search';

const ctx = await createTestContext();
const HOUR = 3_600_000;
const START = new Date('2026-01-01T00:00:00Z').getTime();
const at = (hours: number) => new Date(START + hours * HOUR);

/**
 * A chain of 400 entries an hour apart, with the clock set back three hours at every 50th entry (a
 * server's clock corrected, or two servers a little apart): time does not quite follow seq.
 */
async function seedChain() {
  const orgId = await ctx.createOrg();
  const members: string[] = [];
  for (const name of ['Ada Quill', 'Bo Ren', 'Cy Dunmore']) {
    members.push(await createMember(ctx, { ...buildMember({ orgId, name }), actorId: null }));
  }
  const funds = [await insertProject(ctx.db, { orgId }), await insertProject(ctx.db, { orgId })];
  const actions = ['message_opened', 'draft_saved', 'response_approved', 'sign_in'] as const;
  let hour = 0;
  for (let i = 0; i < 400; i++) {
    hour += i % 50 === 49 ? -3 : 1;
    const clock = fixedClock(at(hour));
    await ctx.db.transaction((tx) =>
      appendAudit(tx, clock, {
        orgId,
        actorId: members[i % 7 === 0 ? 2 : i % 2] ?? null,
        actionType: actions[(i * 7) % 4] ?? 'sign_in',
        entityType: 'investor_message',
        entityId: `m-${i % 40}`,
        details: {
          project_id: funds[i % 2],
          ...(i % 97 === 5 ? { file_name: 'rare-report.pdf' } : {}),
        },
      }),
    );
  }
  return { orgId, members, funds };
}

async function resolved(orgId: string, filter: AuditEntryFilter & { q?: string }, budget: number) {
  const { q, ...rest } = filter;
  const search = q
    ? {
        ...auditSearchOf(q),
        actorIds: await findMemberIdsMatching(ctx.db, {
          orgId,
          pattern: auditSearchOf(q).actorPattern,
        }),
      }
    : undefined;
  const range =
    rest.from || rest.to
      ? await findSeqRangeOfDates(ctx.db, { orgId, from: rest.from, to: rest.to, budget })
      : null;
  return {
    filter: { ...rest, search, seqRange: range === 'none' ? { first: 1, last: 0 } : (range ?? undefined) },
    range,
  };
}

/** Every page of the list, 7 entries a page, as the seqs it shows. */
async function allPages(orgId: string, filter: AuditEntryFilter, searchWindow: number) {
  const seqs: number[] = [];
  let beforeSeq: number | undefined;
  for (;;) {
    const rows = await listAuditEntries(ctx.db, { orgId, filter, beforeSeq, limit: 7, searchWindow });
    seqs.push(...rows.map((r) => r.seq));
    if (rows.length < 7) return seqs;
    beforeSeq = rows.at(-1)?.seq;
  }
}

describe('Audit Logs list: the two-step search and the date range bounds', () => {
  it('return exactly the pages one plain query would, whatever the matches and the clock did', async () => {
    const { orgId, members } = await seedChain();
    const cases: (AuditEntryFilter & { q?: string })[] = [
      { q: 'rare-report' },
      { q: 'approved' },
      { q: 'Dunmore' },
      { q: 'm-13' },
      { q: 'nothing-matches-this' },
      { from: at(100), to: at(110) },
      { from: at(47), to: at(52) },
      { from: at(300) },
      { to: at(20) },
      { from: at(5000), to: at(6000) },
      { q: 'approved', from: at(40), to: at(120) },
      { action: ['draft_saved'], user: members[1], from: at(10), to: at(200) },
      { q: 'rare-report', to: at(250) },
    ];
    const ranges: unknown[] = [];
    for (const c of cases) {
      const subject = await resolved(orgId, c, 30);
      const plain = await resolved(orgId, { ...c, from: c.from, to: c.to }, Number.MAX_SAFE_INTEGER);
      ranges.push(subject.range);
      const { seqRange: _, ...unbounded } = plain.filter;
      const expected = await allPages(orgId, unbounded, 1e12);
      const actual = await allPages(orgId, subject.filter, 10);
      expect(actual, JSON.stringify(c)).toEqual(expected);
      expect(
        [...actual].sort((a, b) => b - a),
        'newest first',
      ).toEqual(actual);
    }
    // The cases go through every path: matches only beyond the window, bounds found, a range too
    // wide for its budget, a range with no entry.
    expect((await allPages(orgId, (await resolved(orgId, { q: 'rare-report' }, 30)).filter, 10)).length).toBe(
      5,
    );
    expect(ranges).toContainEqual(expect.objectContaining({ first: expect.any(Number) }));
    expect(ranges).toContain(null);
    expect(ranges).toContain('none');
  });

  it('finds the entries of a range whose clock went back, at their place in the chain', async () => {
    const { orgId } = await seedChain();
    // Entry 50 (i = 49) is timed three hours before entry 49: a range around it holds both.
    const range = await findSeqRangeOfDates(ctx.db, { orgId, from: at(46), to: at(46) });
    expect(range).not.toBeNull();
    expect(range).not.toBe('none');
    const { first, last } = range as { first: number; last: number };
    expect(last - first).toBeGreaterThan(1);
  });
});
