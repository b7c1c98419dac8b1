import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { insertProject, uniqueEmail } from '../../../test/factories';
import { startSmtpSink } from '../../../test/smtp-sink';
import { createTestContext, json, TEST_AUDIT_SIGNER, type TestContext } from '../../../test/test-app';
import type { Actor } from '../../auth/actor';
import { auditLogs, emailOutbox, investorMessages } from '../../db/schema';
import { canonicalJson } from '../../lib/audit';
import { selectionEvidencePack, threadEvidencePack } from './evidence.service';
import { collectThreads } from './evidence-pack';
import { readZip, verifyEvidencePack } from './verify-evidence-pack';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(serverDir, 'src/cli.ts');
/** tsx by absolute URL: the CLI runs from a directory with no node_modules. */
const tsx = pathToFileURL(createRequire(path.join(serverDir, 'package.json')).resolve('tsx')).href;

const smtp = await startSmtpSink();
afterAll(() => smtp.close());
const ctx = await createTestContext({}, { mailer: smtp.mailer });

const signer = TEST_AUDIT_SIGNER;
const otherPublicKeyPem = () =>
  generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const TEXT =
  'Dear Jane,\n\nThe Q3 distribution was paid as the quarterly letter set out.\n\nKind regards,\nThe IR team';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type SignedIn = Awaited<ReturnType<TestContext['signInAs']>>;
type Team = { associate: SignedIn; director: SignedIn };

/**
 * A thread carried through: message, saved draft, approval by a director, reply sent over SMTP; in a
 * new organisation unless `options.team` names one.
 */
async function sentThread(
  investorEmail = `jane.${Date.now()}@investor.test`,
  options: { text?: string; team?: Team } = {},
) {
  const text = options.text ?? TEXT;
  const associate = options.team?.associate ?? (await ctx.signInAs('ir_associate'));
  const director = options.team?.director ?? (await ctx.signInAs('ir_director', associate.orgId));
  const projectId = await insertProject(ctx.db, { orgId: associate.orgId });
  const [message] = await ctx.db
    .insert(investorMessages)
    .values({
      orgId: associate.orgId,
      projectId,
      investorName: 'Jane Investor',
      investorEmail,
      subject: 'Q3 distribution',
      bodyText: 'When is the Q3 distribution paid?',
      createdAt: ctx.clock.now(),
    })
    .returning({ id: investorMessages.id });
  if (!message) throw new Error('no message');
  const saved = await ctx.request('POST', `/api/messages/${message.id}/drafts`, {
    cookie: associate.cookie,
    body: { text, based_on_version: 0 },
  });
  expect(saved.status).toBe(201);
  const approved = await ctx.request('POST', `/api/messages/${message.id}/approve`, {
    cookie: director.cookie,
    body: { version: 1, text_sha256: sha256(text) },
  });
  expect(approved.status).toBe(200);
  const actor: Actor = {
    userId: director.userId,
    orgId: director.orgId,
    role: 'ir_director',
    name: 'Director',
    email: director.email,
  } as Actor;
  return { messageId: message.id, actor, projectId, investorEmail, director, team: { associate, director } };
}

/** The pack's files changed by `change`, zipped again as they were. */
async function rezip(pack: Buffer, change: (files: Map<string, Buffer>) => void): Promise<Buffer> {
  const { files } = await readZip(pack);
  change(files);
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of files) zip.addBuffer(bytes, name);
  zip.end();
  return bytesOf(zip.outputStream as unknown as Readable);
}

/** The manifest signed again over the changed files, as only the holder of Parley's key could. */
function resign(files: Map<string, Buffer>) {
  const { signature: _old, ...manifest } = JSON.parse(files.get('manifest.json')?.toString() ?? '{}');
  manifest.files = (manifest.files as { name: string }[]).map(({ name }) => {
    const bytes = files.get(name) ?? Buffer.alloc(0);
    return { name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
  const signature = sign(null, Buffer.from(canonicalJson(manifest), 'utf8'), signer.privateKey);
  files.set(
    'manifest.json',
    Buffer.from(JSON.stringify({ ...manifest, signature: signature.toString('base64') })),
  );
}

const packJsonOf = async (pack: Buffer) =>
  JSON.parse((await readZip(pack)).files.get('pack.json')?.toString() ?? '{}');
const auditLinesOf = async (pack: Buffer) =>
  ((await readZip(pack)).files.get('audit.jsonl')?.toString() ?? '')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

/** The text of a pdfkit summary: its compressed page streams, the hex strings they show. */
function pdfText(pdf: Buffer): string {
  const text: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\] TJ/g))
      text.push(
        [...(tj[1] ?? '').matchAll(/<([0-9a-f]*)>/gi)]
          .map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1'))
          .join(''),
      );
  }
  return text.join('\n');
}

describe('evidence pack routes', () => {
  it('are for the roles that may verify the audit chain', async () => {
    const { messageId } = await sentThread();
    await ctx.expectGuarded('GET', `/api/messages/${messageId}/evidence`, 'audit.verify');
    await ctx.expectGuarded('GET', '/api/audit/evidence?from=2001-01-01&to=2001-01-02', 'audit.verify');
  });

  it('download a zip that verifies, and name a bad selection field with nothing written', async () => {
    const { messageId, actor, director } = await sentThread();
    const res = await ctx.request('GET', `/api/messages/${messageId}/evidence`, { cookie: director.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="parley-evidence-/);
    const pack = Buffer.from(await res.arrayBuffer());
    expect(await verifyEvidencePack(pack, signer.publicKeyPem)).toMatchObject({ ok: true, threads: 1 });

    const exports = () =>
      ctx.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(and(eq(auditLogs.orgId, actor.orgId), eq(auditLogs.actionType, 'evidence_pack_exported')));
    const before = (await exports()).length;
    for (const [query, field] of [
      ['from=2026-02-01&to=2026-01-01', 'to'],
      ['investor=not-an-address', 'investor'],
      ['project=42', 'project'],
    ] as const) {
      const bad = await ctx.request('GET', `/api/audit/evidence?${query}`, { cookie: director.cookie });
      expect(bad.status, query).toBe(400);
      expect(Object.keys((await json(bad)).error.fields), query).toEqual([field]);
    }
    expect(await exports()).toHaveLength(before);
  });
});

describe('evidence packs', () => {
  it('holds the message, each version, the approval and the reply as sent, and verifies offline', async () => {
    const { messageId, actor } = await sentThread();
    const { fileName, stream } = await threadEvidencePack(ctx.auditDeps, actor, messageId);
    expect(fileName).toMatch(/^parley-evidence-[0-9a-f]{8}-\d{4}-\d\d-\d\d\.zip$/);
    const pack = await bytesOf(stream);
    const { files } = await readZip(pack);
    expect([...files.keys()].sort()).toEqual(
      [
        'audit.jsonl',
        'manifest.json',
        'pack.json',
        'public-key.pem',
        'summary.pdf',
        `threads/${messageId}/reply-v1.eml`,
      ].sort(),
    );
    const json = JSON.parse(files.get('pack.json')?.toString() ?? '{}');
    const [thread] = json.threads;
    expect(thread.message).toMatchObject({ id: messageId, subject: 'Q3 distribution' });
    expect(thread.versions).toEqual([expect.objectContaining({ version: 1, text: TEXT })]);
    expect(thread.approvals).toEqual([
      expect.objectContaining({ version: 1, approved_text: TEXT, approved_text_sha256: sha256(TEXT) }),
    ]);
    const [reply] = thread.replies;
    const eml = files.get(`threads/${messageId}/reply-v1.eml`)?.toString() ?? '';
    const received = await smtp.mailTo(reply.to);
    expect(eml).toBe(received.raw);
    expect(reply.message_id).toMatch(/^<.+@parley\.test>$/);
    expect(reply.delivery_events).toEqual([expect.objectContaining({ action: 'email_sent', success: true })]);
    expect(files.get('summary.pdf')?.subarray(0, 5).toString()).toBe('%PDF-');
    // The audit entries of the thread, its export among them, under a signed checkpoint.
    const lines = (files.get('audit.jsonl')?.toString() ?? '')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.action_type ?? l.type)).toEqual(
      expect.arrayContaining(['response_approved', 'evidence_pack_exported', 'checkpoint']),
    );
    expect(lines.at(-1).type).toBe('checkpoint');
    expect(await verifyEvidencePack(pack, signer.publicKeyPem)).toMatchObject({
      ok: true,
      problems: [],
      threads: 1,
    });
  });

  it('records the export in the audit chain', async () => {
    const { messageId, actor } = await sentThread();
    await bytesOf((await threadEvidencePack(ctx.auditDeps, actor, messageId)).stream);
    const entries = await ctx.db
      .select({ actorId: auditLogs.actorId, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, actor.orgId), eq(auditLogs.actionType, 'evidence_pack_exported')));
    expect(entries).toEqual([
      { actorId: actor.userId, details: expect.objectContaining({ threads: 1, key_id: signer.keyId }) },
    ]);
  });

  it('is refused with 404 for a thread of another organisation', async () => {
    const { messageId } = await sentThread();
    const { actor } = await sentThread();
    await expect(threadEvidencePack(ctx.auditDeps, actor, messageId)).rejects.toMatchObject({ status: 404 });
  });

  it('verifies from the command line with nothing but the zip and the public key', async () => {
    const { messageId, actor } = await sentThread();
    const pack = await bytesOf((await threadEvidencePack(ctx.auditDeps, actor, messageId)).stream);
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-pack-cli-'));
    try {
      writeFileSync(path.join(dir, 'pack.zip'), pack);
      writeFileSync(path.join(dir, 'key.pem'), signer.publicKeyPem);
      writeFileSync(
        path.join(dir, 'edited.zip'),
        await rezip(pack, (files) => files.set('pack.json', Buffer.from('{}'))),
      );
      // A process with no Parley environment, in a directory holding only the files.
      const cli = (file: string) =>
        run(
          process.execPath,
          ['--import', tsx, CLI, 'audit', 'verify-pack', '--file', file, '--pubkey', 'key.pem'],
          {
            cwd: dir,
            env: { PATH: process.env.PATH ?? '' },
          },
        );
      expect((await cli('pack.zip')).stdout).toMatch(/^OK: 1 thread, \d+ audit entries/);
      await expect(cli('edited.zip')).rejects.toMatchObject({
        code: 1,
        stdout: expect.stringContaining(
          'pack.json: Its contents differ from the SHA-256 the manifest signs.',
        ),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows each kind of tampering when verified', async () => {
    const { messageId, actor } = await sentThread();
    const pack = await bytesOf((await threadEvidencePack(ctx.auditDeps, actor, messageId)).stream);
    const problemsOf = async (changed: Buffer, key = signer.publicKeyPem) =>
      (await verifyEvidencePack(changed, key)).problems.map((p) => `${p.file}: ${p.reason}`);

    // Another key: the manifest and the checkpoint do not verify.
    expect(await problemsOf(pack, otherPublicKeyPem())).toEqual(
      expect.arrayContaining([
        'manifest.json: The manifest signature does not verify with this public key.',
        'audit.jsonl: The checkpoint signature does not verify.',
      ]),
    );
    // The approved text edited inside pack.json: its bytes no longer match the signed manifest.
    const edited = await rezip(pack, (files) => {
      const text = files.get('pack.json')?.toString() ?? '';
      files.set('pack.json', Buffer.from(text.replace('was paid as', 'will always be paid as')));
    });
    expect(await problemsOf(edited)).toEqual([
      'pack.json: Its contents differ from the SHA-256 the manifest signs.',
      'pack.json: The approved text of version 1 does not match its SHA-256.',
    ]);
    // An audit entry changed: its hash no longer matches.
    const entry = await rezip(pack, (files) => {
      const lines = (files.get('audit.jsonl')?.toString() ?? '').replace(
        '"response_approved"',
        '"response_rejected"',
      );
      files.set('audit.jsonl', Buffer.from(lines));
    });
    expect(await problemsOf(entry)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^audit\.jsonl: Entry \d+'s contents do not match its hash\.$/),
      ]),
    );
    // A file slipped in, and the reply as sent removed.
    const swapped = await rezip(pack, (files) => {
      files.delete(`threads/${messageId}/reply-v1.eml`);
      files.set('extra.txt', Buffer.from('not from Parley'));
    });
    expect(await problemsOf(swapped)).toEqual(
      expect.arrayContaining([
        `threads/${messageId}/reply-v1.eml: Listed in the manifest but missing from the pack.`,
        'extra.txt: Not listed in the signed manifest.',
      ]),
    );
    expect(await problemsOf(Buffer.from('not a zip'))).toEqual([
      '(pack): The file is not a readable zip archive.',
    ]);
  });

  it('packs the threads of one investor; a period without threads gives a pack that still verifies', async () => {
    const email = `selection.${Date.now()}@investor.test`;
    const { actor } = await sentThread(email);
    const pack = await bytesOf(
      (await selectionEvidencePack(ctx.auditDeps, actor, { investorEmail: email })).stream,
    );
    const result = await verifyEvidencePack(pack, signer.publicKeyPem);
    expect(result).toMatchObject({ ok: true, threads: 1 });
    const none = await bytesOf(
      (
        await selectionEvidencePack(ctx.auditDeps, actor, {
          from: new Date('2001-01-01T00:00:00Z'),
          to: new Date('2001-01-31T00:00:00Z'),
        })
      ).stream,
    );
    expect(await verifyEvidencePack(none, signer.publicKeyPem)).toMatchObject({ ok: true, threads: 0 });
  });

  it('builds a selection of several threads with the same content as each thread alone', async () => {
    const email = uniqueEmail('selection');
    const first = await sentThread(email);
    const team = first.team;
    const second = await sentThread(email, { team, text: `${TEXT}\n\nP.S. The Q4 date follows.` });
    const third = await sentThread(email, { team, text: 'Dear Jane,\n\nYes.\n\nThe IR team' });
    // Another investor of the same organisation stays out of the selection.
    const other = await sentThread(uniqueEmail('other'), { team });
    // A second version in one thread, so the threads differ in shape too.
    const edited = await ctx.request('POST', `/api/messages/${second.messageId}/drafts`, {
      cookie: team.associate.cookie,
      body: { text: 'Dear Jane,\n\nA second version.\n\nThe IR team', based_on_version: 1 },
    });
    expect(edited.status).toBe(201);

    const selection = await bytesOf(
      (await selectionEvidencePack(ctx.auditDeps, first.actor, { investorEmail: email })).stream,
    );
    expect(await verifyEvidencePack(selection, signer.publicKeyPem)).toMatchObject({ ok: true, threads: 3 });
    const ids = [first, second, third].map((t) => t.messageId);
    const single = await Promise.all(
      ids.map(async (id) => bytesOf((await threadEvidencePack(ctx.auditDeps, first.actor, id)).stream)),
    );
    const byId = (threads: { message: { id: string }; versions: unknown[] }[]) =>
      Object.fromEntries(threads.map((t) => [t.message.id, t]));
    const selected = byId((await packJsonOf(selection)).threads);
    expect(Object.keys(selected).sort()).toEqual([...ids].sort());
    expect(selected).not.toHaveProperty(other.messageId);
    for (const [i, pack] of single.entries()) {
      const [thread] = (await packJsonOf(pack)).threads;
      expect(selected[ids[i] as string]).toEqual(thread);
    }
    expect(selected[second.messageId]?.versions).toHaveLength(2);
    // The same audit entries, leaving out the exports themselves.
    const entries = (lines: Record<string, unknown>[]) =>
      lines
        .filter((l) => l.type === 'entry' && l.action_type !== 'evidence_pack_exported')
        .map((l) => l.id as string)
        .sort();
    const perThread = new Set<string>();
    for (const pack of single) for (const id of entries(await auditLinesOf(pack))) perThread.add(id);
    expect(entries(await auditLinesOf(selection))).toEqual([...perThread].sort());
    // Read together or one by one, each thread gets the same records, its own audit entries among them.
    const together = await collectThreads(ctx.db, first.actor.orgId, ids);
    const alone = await Promise.all(ids.map((id) => collectThreads(ctx.db, first.actor.orgId, [id])));
    expect(together).toEqual(alone.flat());
    expect(together.map((t) => t.audit.length)).not.toContain(0);
  });
});

describe('evidence packs of pseudonymised threads', () => {
  const NAMED_TEXT =
    'Dear Jane Investor,\n\nThe Q3 distribution was paid on 30 September.\n\nKind regards,\nThe IR team';

  /** A sent thread whose investor an admin then erases, its records moved out of retention first. */
  async function erasedThread() {
    const email = uniqueEmail('erased');
    const thread = await sentThread(email, { text: NAMED_TEXT });
    const longAgo = new Date(ctx.clock.now().getTime() - 8 * 366 * 86_400_000);
    await ctx.db
      .update(investorMessages)
      .set({ createdAt: longAgo, updatedAt: longAgo })
      .where(eq(investorMessages.id, thread.messageId));
    await ctx.db
      .update(emailOutbox)
      .set({ createdAt: longAgo })
      .where(and(eq(emailOutbox.orgId, thread.actor.orgId), eq(emailOutbox.toEmail, email)));
    const admin = await ctx.signInAs('admin', thread.actor.orgId);
    const res = await ctx.request('POST', '/api/retention/erasures', {
      cookie: admin.cookie,
      body: { investor_email: email, reason: 'Erasure request received by post' },
    });
    expect(res.status).toBe(201);
    const erasure = await json(res);
    expect(erasure).toMatchObject({ messages_pseudonymised: 1 });
    const [entry] = await ctx.db
      .select({ id: auditLogs.id, seq: auditLogs.seq, createdAt: auditLogs.createdAt })
      .from(auditLogs)
      .where(and(eq(auditLogs.orgId, thread.actor.orgId), eq(auditLogs.actionType, 'investor_data_erased')));
    if (!entry) throw new Error('no erasure entry');
    const pack = await bytesOf(
      (await threadEvidencePack(ctx.auditDeps, thread.actor, thread.messageId)).stream,
    );
    return { ...thread, erasure, entry, pack };
  }

  it('marks the thread pseudonymised, keeps the hash recorded at approval, and verifies with a note', async () => {
    const { messageId, erasure, entry, pack } = await erasedThread();
    const [thread] = (await packJsonOf(pack)).threads;
    expect(thread.pseudonymised_by).toEqual([
      {
        erasure_request_id: erasure.id,
        erased_at: entry.createdAt.toISOString(),
        audit_entry_id: entry.id,
        audit_seq: entry.seq,
      },
    ]);
    const [approval] = thread.approvals;
    expect(approval.approved_text).toBe(NAMED_TEXT.replace('Jane Investor', erasure.pseudonym));
    expect(approval.approved_text_sha256).toBe(sha256(NAMED_TEXT));
    // The erasure's own entry is in the pack, under its signed checkpoint.
    const lines = await auditLinesOf(pack);
    expect(lines.find((l) => l.id === entry.id)).toMatchObject({
      action_type: 'investor_data_erased',
      details: expect.objectContaining({ message_ids: [messageId] }),
    });
    expect(lines.at(-1)).toMatchObject({ type: 'checkpoint', seq: expect.any(Number) });
    expect(lines.at(-1).seq).toBeGreaterThan(entry.seq);

    const note =
      `Thread ${messageId}, version 1: pseudonymised by an erasure on ${entry.createdAt.toISOString().slice(0, 10)} ` +
      `(audit entry ${entry.seq}): approved text no longer matches the hash recorded at approval.`;
    expect(await verifyEvidencePack(pack, signer.publicKeyPem)).toMatchObject({
      ok: true,
      problems: [],
      notes: [{ file: 'pack.json', note }],
    });
    const summary = pdfText((await readZip(pack)).files.get('summary.pdf') ?? Buffer.alloc(0));
    expect(summary).toContain(`by an erasure on`);
    expect(summary).toContain(`(audit entry ${entry.seq})`);
    expect(summary).toContain('pseudonymised since approval');

    // The offline verifier says the same, and passes.
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-pack-erased-'));
    try {
      writeFileSync(path.join(dir, 'pack.zip'), pack);
      writeFileSync(path.join(dir, 'key.pem'), signer.publicKeyPem);
      const { stdout } = await run(
        process.execPath,
        ['--import', tsx, CLI, 'audit', 'verify-pack', '--file', 'pack.zip', '--pubkey', 'key.pem'],
        { cwd: dir, env: { PATH: process.env.PATH ?? '' } },
      );
      expect(stdout).toMatch(/^OK: 1 thread,/);
      expect(stdout).toContain(`pack.json: ${note}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('still fails a changed approved text that no erasure explains, even in a pack signed again', async () => {
    const { messageId, actor } = await sentThread();
    const pack = await bytesOf((await threadEvidencePack(ctx.auditDeps, actor, messageId)).stream);
    type OneThread = { threads: [{ approvals: [{ approved_text: string }]; pseudonymised_by: unknown[] }] };
    const verdict = async (change: (json: OneThread) => void) =>
      verifyEvidencePack(
        await rezip(pack, (files) => {
          const json = JSON.parse(files.get('pack.json')?.toString() ?? '{}');
          change(json);
          files.set('pack.json', Buffer.from(JSON.stringify(json)));
          resign(files);
        }),
        signer.publicKeyPem,
      );
    const edited = await verdict((json) => {
      json.threads[0].approvals[0].approved_text = TEXT.replace('was paid as', 'will always be paid as');
    });
    expect(edited).toMatchObject({
      ok: false,
      problems: [{ file: 'pack.json', reason: 'The approved text of version 1 does not match its SHA-256.' }],
      notes: [],
    });
    // Claiming an erasure in pack.json without its audit entry explains nothing.
    const claimed = await verdict((json) => {
      json.threads[0].approvals[0].approved_text = 'Dear Investor 00000000, changed.';
      json.threads[0].pseudonymised_by = [
        {
          erasure_request_id: messageId,
          erased_at: '2030-01-01T00:00:00.000Z',
          audit_entry_id: messageId,
          audit_seq: 1,
        },
      ];
    });
    expect(claimed.ok).toBe(false);
    expect(claimed.notes).toEqual([]);
    expect(claimed.problems.map((p) => p.reason)).toEqual([
      `Thread ${messageId} is said to be pseudonymised by audit entry ${messageId}, which audit.jsonl does not hold for it.`,
      'The approved text of version 1 does not match its SHA-256.',
    ]);
  });
});
