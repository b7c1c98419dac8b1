import { createMessageInputSchema, INCONSISTENT_RULE } from '@parley/contracts';
import type { Database } from '../../src/db/client';
import { createOutboxMailer } from '../../src/features/email/mailer';
import { createMessage } from '../../src/features/messages/messages.service';
import { createOrganization } from '../../src/features/organizations/organizations.service';
import { createProject } from '../../src/features/projects/projects.service';
import { approveAndSend } from '../../src/features/replies/approving';
import { checkDraftVersion } from '../../src/features/replies/checking';
import { saveDraft } from '../../src/features/replies/drafting';
import { createMember } from '../../src/features/users/users.service';
import { fixedClock } from '../../src/lib/clock';
import { generateToken, sha256Hex } from '../../src/lib/crypto';
import { createLogger } from '../../src/lib/logger';
import { type ConsistencyCase, loadConsistencySet } from './labelled-set';
import { splitOf } from './split';

// docs/drafting-eval.md: the consistency check on the labelled pairs. Each case goes through the app's
// own services — the earlier question composed, its reply saved and sent by Approve & Send, the new
// question composed and its draft saved and checked — so the 'Inconsistent' flags are those the
// workspace shows (docs/decisions/027-consistency-across-investors.md).

export type ConsistencyOutcome = {
  case: ConsistencyCase;
  split: 'dev' | 'test';
  /** The 'Inconsistent' flags of the draft's check, as written, with the earlier sentence they quote. */
  flagged: { term: string; rationale: string }[];
  /** Of the labelled statements, those a flag covers. */
  found: string[];
  /** Flags that cover no labelled statement. */
  wrong: string[];
};

/** The spans of `needle` in `text`. */
function spansOf(text: string, needle: string): [number, number][] {
  const spans: [number, number][] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    spans.push([at, at + needle.length]);
  }
  return spans;
}

const DAY_MS = 86_400_000;

/** One organisation and director for the run, and one fund (project) per case, so cases share no replies. */
export async function evaluateConsistency(database: Database): Promise<ConsistencyOutcome[]> {
  const cases = loadConsistencySet();
  const clock = fixedClock(new Date('2025-08-01T09:00:00Z'));
  const logger = createLogger('error');
  const ctx = {
    db: database.db,
    clock,
    logger,
    mailer: createOutboxMailer({ from: 'Parley <no-reply@parley.test>', announce: () => {} }),
    appOrigin: 'http://parley.invalid',
    unsubscribeKey: Buffer.alloc(32, 7),
    secondOpinion: null,
    // Parley receives no e-mail here: replies carry no Reply-To (docs/decisions/058-inbound-email.md).
    config: { inbound: undefined },
  };
  const orgId = await database.db.transaction((tx) =>
    createOrganization(tx, clock, { name: `Consistency eval ${generateToken().slice(0, 8)}`, actorId: null }),
  );
  const directorId = await createMember(ctx, {
    orgId,
    email: `eval.director.${generateToken()
      .slice(0, 8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}@parley.test`,
    password: `eval-${generateToken()}`,
    name: 'Eval Director',
    role: 'ir_director',
    actorId: null,
  });
  const actor = { orgId, userId: directorId, role: 'ir_director' as const };

  const compose = async (projectId: string, reply: ConsistencyCase['draft']) => {
    const message = await createMessage(
      ctx,
      actor,
      createMessageInputSchema.parse({
        project_id: projectId,
        investor_name: reply.investor,
        investor_email: `${reply.investor
          .toLowerCase()
          .replace(/[^a-z]+/g, '.')
          .replace(/^\.|\.$/g, '')}@investor.test`,
        subject: reply.subject,
        body_text: reply.question,
      }),
    );
    const version = await saveDraft(ctx, actor, {
      messageId: message.id,
      text: reply.text,
      based_on_version: 0,
    });
    return { messageId: message.id, version: version.version };
  };

  const outcomes: ConsistencyOutcome[] = [];
  for (const c of cases) {
    const project = await createProject(ctx, actor, { name: `${c.id} ${c.fund}`, fund_type: 'Eval' });
    // The earlier reply is sent on its day (the flag names it); the draft is checked a week later.
    const sentOn = new Date(`${c.earlier.sent_on}T10:00:00Z`);
    clock.set(sentOn);
    const earlier = await compose(project.id, c.earlier);
    await approveAndSend(ctx, actor, {
      messageId: earlier.messageId,
      version: earlier.version,
      text_sha256: sha256Hex(c.earlier.text),
      // The sent reply's own checker flags are not what this measures; a director sends it as written.
      override_reason: 'Sent as written for the consistency evaluation',
    });
    clock.set(new Date(sentOn.getTime() + 7 * DAY_MS));
    const draft = await compose(project.id, c.draft);
    const check = await checkDraftVersion(ctx, actor, draft);
    const flags = check.flags.filter((f) => f.rule === INCONSISTENT_RULE);
    const expected = c.inconsistent.map((u) => ({ u, spans: spansOf(c.draft.text, u) }));
    const overlaps = (f: { start: number; end: number }, spans: [number, number][]) =>
      spans.some(([s, e]) => f.start < e && s < f.end);
    outcomes.push({
      case: c,
      split: splitOf(c.id),
      flagged: flags.map((f) => ({ term: f.term, rationale: f.rationale ?? '' })),
      found: expected.filter((x) => flags.some((f) => overlaps(f, x.spans))).map((x) => x.u),
      wrong: flags.filter((f) => !expected.some((x) => overlaps(f, x.spans))).map((f) => f.term),
    });
  }
  return outcomes;
}

/** Precision and recall of 'Inconsistent' over the labelled statements (1 when nothing to count). */
export function consistencyFiguresFor(outcomes: ConsistencyOutcome[]) {
  const expected = outcomes.reduce((s, o) => s + o.case.inconsistent.length, 0);
  const found = outcomes.reduce((s, o) => s + o.found.length, 0);
  const flagged = outcomes.reduce((s, o) => s + o.found.length + o.wrong.length, 0);
  return {
    cases: outcomes.length,
    precision: flagged === 0 ? 1 : found / flagged,
    recall: expected === 0 ? 1 : found / expected,
  };
}
