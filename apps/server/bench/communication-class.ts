/**
 * The communication class of a reply (docs/decisions/054-communication-class.md): a busy month of
 * 3,000 replies sent (100 a day), a tenth of them one letter to many, the rest made of stock
 * sentences; the class of a new reply with that letter, of one made like the rest and of one close to
 * hundreds of them but the same as few, beside the cheapest query that reads the same window (the
 * month's sent replies counted through the same index, no similarity).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { classifyReply, comparableText } from '../src/features/replies/communication-class';
import { findSameTextCandidates } from '../src/features/replies/same-text.queries';
import { insertSentReply } from '../test/sent-reply';
import { sampleOf } from './inbox';

const SENT = 3_000;
const WARM_UP = 10;
const ITERATIONS = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

const letterTo = (name: string) =>
  `Dear ${name},\n\nThank you for asking about the reinvestment plan. Units bought under the plan are priced at the net asset value on the distribution date, and the election form is in the investor portal under Documents. Elections received before the record date apply to the next distribution.\n\nKind regards,\nThe IR team`;
const SENTENCES = [
  'Your question went to the team that keeps the register, who checked your account this morning.',
  'The distribution for the quarter was paid into the account we hold on file for you.',
  'A capital call notice is sent by post and by e-mail ten business days before the due date.',
  'The valuation at the end of the quarter follows the policy in the offering memorandum.',
  'Redemption requests received before the cut-off are dealt with at the next dealing day.',
  'We have updated the address on your account as you asked and will confirm it in writing.',
  'The tax forms for the year are in the investor portal under Documents, by fund.',
  'The annual meeting is held in the spring; the notice and the agenda follow by post.',
  'Fees are charged quarterly in arrears, as the subscription agreement sets out.',
  'Our reporting calendar lists the dates of every letter and statement for the year.',
  'The fund does not give personal advice; your own adviser can help with that question.',
  'Transfers between investors need the consent of the manager and a signed form.',
];
const WORDS = [
  'statement',
  'balance',
  'transfer',
  'notice',
  'form',
  'portal',
  'letter',
  'payment',
  'record',
  'schedule',
];
/**
 * A reply of its own: three of the sentences above, drawn by a fixed pseudo-random walk (220
 * combinations), and a sentence about this investor's own case.
 */
const ownReply = (i: number) => {
  let seed = i * 2654435761;
  const next = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  const picks = new Set<number>();
  while (picks.size < 3) picks.add(next(SENTENCES.length));
  const own = `About your ${WORDS[next(10)]} of ${next(28) + 1} ${['March', 'June', 'September'][next(3)]}: the ${WORDS[next(10)]} for account ${next(9000) + 1000} shows ${next(900) + 100} units and a ${WORDS[next(10)]} dated ${next(28) + 1}/${next(12) + 1}.`;
  return `Dear investor ${i},\n\n${own} ${[...picks].map((p) => SENTENCES[p]).join(' ')}\n\nBest regards,\nThe IR team`;
};

/**
 * The reply of its own above with a second sentence of its own: close to hundreds of the month's
 * replies (similarity 0.5–0.7, every one compared exactly) and substantially the same as fewer than 25.
 */
const nearMiss = () =>
  ownReply(123_457).replace(
    '\n\nBest regards',
    ' We also checked the payment of 14 June for account 6361, which reached the register on 16 June, and the statement for the half-year now shows it.\n\nBest regards',
  );

async function time(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < WARM_UP + ITERATIONS; i++) {
    const started = performance.now();
    await run();
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return sampleOf(times);
}

export async function runCommunicationClassBench(input: { database: Database; orgId: string }) {
  const { database, orgId } = input;
  const { db } = database;
  const now = Date.now();
  for (let start = 0; start < SENT; start += 500) {
    await db.transaction(async (tx) => {
      for (let i = start; i < Math.min(SENT, start + 500); i++) {
        const email = `holder-${i}@bench.test`;
        const text = i % 10 === 0 ? letterTo(`Holder ${i}`) : ownReply(i);
        await insertSentReply(tx, {
          orgId,
          email,
          text,
          approvedAt: new Date(now - (i % 30) * DAY_MS - 60_000),
        });
      }
    });
  }
  await db.execute(sql`analyze ai_responses`);
  const window = () =>
    db.execute(
      sql`select count(*) from ai_responses where org_id = ${orgId} and approved_at is not null and approved_at > now() - interval '30 days' and sent_email_id is not null`,
    );
  const rows: [string, () => Promise<unknown>][] = [
    ['the month read through the index, no similarity (floor)', window],
    ['the month read with its signatures, no similarity', () => findSameTextCandidates(db, orgId)],
    [
      'class of the letter sent to 300 (stops at 25 others)',
      () =>
        classifyReply(db, {
          orgId,
          investorEmail: 'new@bench.test',
          text: comparableText(letterTo('New'), []),
        }),
    ],
    [
      'class of a reply of stock sentences (stops at 25 others)',
      () =>
        classifyReply(db, {
          orgId,
          investorEmail: 'new@bench.test',
          text: comparableText(ownReply(123_457), []),
        }),
    ],
    [
      'class of a reply close to hundreds, the same as few (compares all)',
      () =>
        classifyReply(db, { orgId, investorEmail: 'new@bench.test', text: comparableText(nearMiss(), []) }),
    ],
  ];
  const classOf = async (text: string) =>
    (await classifyReply(db, { orgId, investorEmail: 'new@bench.test', text: comparableText(text, []) }))
      .class;
  console.log(
    `communication class, ${SENT} replies sent in 30 days: the letter reads as ${await classOf(letterTo('New'))}, the reply of stock sentences as ${await classOf(ownReply(123_457))}, the one close to hundreds as ${await classOf(nearMiss())}`,
  );
  for (const [name, run] of rows) {
    const figures = await time(run);
    console.log(
      `  ${name}: p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms`,
    );
  }
}
