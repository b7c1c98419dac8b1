import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';
import yauzl from 'yauzl';
import { canonicalJson, computeAuditHash } from '../../lib/audit';
import { checkpointSignatureValid, type SignedCheckpoint } from '../../lib/audit-checkpoint';
import { MANIFEST_FILE } from './evidence-files';
import { ERASURE_ACTION } from './evidence-pack.queries';

// Verifies an evidence pack with nothing but the zip and the organisation's public key
// (docs/decisions/031-evidence-packs.md): no database, no configuration.

export type PackProblem = { file: string; reason: string };
/** Something the pack explains rather than something wrong with it: it does not fail verification. */
export type PackNote = { file: string; note: string };
export type PackVerification = {
  ok: boolean;
  problems: PackProblem[];
  notes: PackNote[];
  threads: number;
  entries: number;
  checkpoint: { seq: number; signed_at: string } | null;
};

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The zip's files by name; a duplicate name is itself a problem, so the reader reports it. */
export function readZip(bytes: Buffer): Promise<{ files: Map<string, Buffer>; duplicates: string[] }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('not a zip file'));
      const files = new Map<string, Buffer>();
      const duplicates: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error(`cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            if (files.has(entry.fileName)) duplicates.push(entry.fileName);
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve({ files, duplicates }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

function parseJson(bytes: Buffer | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether an erasure's details list the message among those it pseudonymised. */
const listsMessage = (details: unknown, messageId: string) =>
  isRecord(details) && Array.isArray(details.message_ids) && details.message_ids.includes(messageId);

export async function verifyEvidencePack(zipBytes: Buffer, publicKeyPem: string): Promise<PackVerification> {
  const problems: PackProblem[] = [];
  const notes: PackNote[] = [];
  const result = (extra: Partial<PackVerification> = {}): PackVerification => ({
    ok: problems.length === 0,
    problems,
    notes,
    threads: 0,
    entries: 0,
    checkpoint: null,
    ...extra,
  });
  let key: KeyObject;
  try {
    key = createPublicKey(publicKeyPem);
  } catch {
    problems.push({ file: '(public key)', reason: 'The public key is not a PEM Ed25519 public key.' });
    return result();
  }
  let zip: Awaited<ReturnType<typeof readZip>>;
  try {
    zip = await readZip(zipBytes);
  } catch {
    problems.push({ file: '(pack)', reason: 'The file is not a readable zip archive.' });
    return result();
  }
  for (const name of zip.duplicates)
    problems.push({ file: name, reason: 'The archive holds this name twice.' });

  // 1. The manifest is signed by the key, and lists every file with its SHA-256.
  const manifest = parseJson(zip.files.get(MANIFEST_FILE));
  if (!isRecord(manifest) || typeof manifest.signature !== 'string' || !Array.isArray(manifest.files)) {
    problems.push({ file: MANIFEST_FILE, reason: 'The manifest is missing or malformed.' });
    return result();
  }
  const { signature, ...signed } = manifest;
  if (!verify(null, Buffer.from(canonicalJson(signed), 'utf8'), key, Buffer.from(signature, 'base64'))) {
    problems.push({
      file: MANIFEST_FILE,
      reason: 'The manifest signature does not verify with this public key.',
    });
  }
  const listed = new Set<string>();
  for (const f of manifest.files as unknown[]) {
    if (!isRecord(f) || typeof f.name !== 'string') continue;
    listed.add(f.name);
    const bytes = zip.files.get(f.name);
    if (!bytes) problems.push({ file: f.name, reason: 'Listed in the manifest but missing from the pack.' });
    else if (sha256(bytes) !== f.sha256 || bytes.length !== f.bytes)
      problems.push({ file: f.name, reason: 'Its contents differ from the SHA-256 the manifest signs.' });
  }
  for (const name of zip.files.keys()) {
    if (name !== MANIFEST_FILE && !listed.has(name))
      problems.push({ file: name, reason: 'Not listed in the signed manifest.' });
  }

  // 2. The audit entries hash to what they say, link where consecutive, and sit under a signed checkpoint.
  const entries: Record<string, unknown>[] = [];
  let checkpoint: Record<string, unknown> | null = null;
  const lines = (zip.files.get('audit.jsonl')?.toString('utf8') ?? '').split('\n').filter(Boolean);
  for (const [i, text] of lines.entries()) {
    const line = parseJson(Buffer.from(text));
    if (!isRecord(line)) problems.push({ file: 'audit.jsonl', reason: `Line ${i + 1} is not JSON.` });
    else if (line.type === 'checkpoint') checkpoint = line;
    else entries.push(line);
  }
  let previous: Record<string, unknown> | null = null;
  for (const e of entries) {
    const recomputed = computeAuditHash({
      prevHash: String(e.prev_hash),
      createdAt: new Date(String(e.created_at)),
      actorId: (e.actor_id as string | null) ?? null,
      actionType: String(e.action_type),
      entityType: String(e.entity_type),
      entityId: (e.entity_id as string | null) ?? null,
      details: e.details,
    });
    if (recomputed !== e.hash)
      problems.push({ file: 'audit.jsonl', reason: `Entry ${e.seq}'s contents do not match its hash.` });
    if (previous && Number(e.seq) === Number(previous.seq) + 1 && e.prev_hash !== previous.hash)
      problems.push({ file: 'audit.jsonl', reason: `Entry ${e.seq} does not follow entry ${previous.seq}.` });
    if (previous && Number(e.seq) <= Number(previous.seq))
      problems.push({ file: 'audit.jsonl', reason: `Entry ${e.seq} is out of order.` });
    previous = e;
  }
  const cp = checkpoint as Record<string, unknown> | null;
  if (!cp) {
    problems.push({ file: 'audit.jsonl', reason: 'No signed checkpoint covers the entries.' });
  } else {
    const ok = typeof cp.signature === 'string' && checkpointSignatureValid(cp as SignedCheckpoint, key);
    if (!ok) problems.push({ file: 'audit.jsonl', reason: 'The checkpoint signature does not verify.' });
    const last = entries.at(-1);
    if (last && Number(last.seq) > Number(cp.seq))
      problems.push({ file: 'audit.jsonl', reason: `Entry ${last.seq} lies beyond the checkpoint.` });
  }

  // 3. What the pack says agrees with itself: approvals with their hashes (or an erasure since that
  // explains the difference), replies with their files.
  const pack = parseJson(zip.files.get('pack.json'));
  const threads =
    isRecord(pack) && Array.isArray(pack.threads) ? (pack.threads as Record<string, unknown>[]) : [];
  if (!isRecord(pack)) problems.push({ file: 'pack.json', reason: 'pack.json is missing or malformed.' });
  const approvalEntries = entries.filter((e) => e.action_type === 'response_approved');
  const erasureEntries = entries.filter((e) => e.action_type === ERASURE_ACTION);
  for (const t of threads) {
    const messageId = isRecord(t.message) ? String(t.message.id) : '';
    // An erasure pseudonymises a thread's texts after approval (docs/decisions/030-data-retention.md);
    // only an erasure entry of audit.jsonl that lists the message explains a changed approved text.
    const erasures = erasureEntries.filter((e) => listsMessage(e.details, messageId));
    for (const claim of Array.isArray(t.pseudonymised_by) ? t.pseudonymised_by : []) {
      const entryId = isRecord(claim) ? claim.audit_entry_id : undefined;
      if (!erasures.some((e) => e.id === entryId))
        problems.push({
          file: 'pack.json',
          reason: `Thread ${messageId} is said to be pseudonymised by audit entry ${String(entryId)}, which audit.jsonl does not hold for it.`,
        });
    }
    for (const a of (t.approvals as Record<string, unknown>[]) ?? []) {
      const text = typeof a.approved_text === 'string' ? a.approved_text : '';
      const approval = approvalEntries.find(
        (e) => (e.details as { text_sha256?: string })?.text_sha256 === String(a.approved_text_sha256),
      );
      if (sha256(text) === a.approved_text_sha256) {
        if (!approval)
          problems.push({
            file: 'pack.json',
            reason: `No audit entry records the approval of version ${a.version}.`,
          });
        continue;
      }
      const erasure = approval && erasures.find((e) => Number(e.seq) > Number(approval.seq));
      if (erasure)
        notes.push({
          file: 'pack.json',
          note:
            `Thread ${messageId}, version ${a.version}: pseudonymised by an erasure on ` +
            `${String(erasure.created_at).slice(0, 10)} (audit entry ${erasure.seq}): approved text no ` +
            'longer matches the hash recorded at approval.',
        });
      else
        problems.push({
          file: 'pack.json',
          reason: `The approved text of version ${a.version} does not match its SHA-256.`,
        });
    }
    for (const r of (t.replies as Record<string, unknown>[]) ?? []) {
      if (typeof r.raw_file !== 'string') continue;
      const raw = zip.files.get(r.raw_file);
      if (!raw || sha256(raw) !== r.raw_sha256)
        problems.push({
          file: r.raw_file,
          reason: 'The reply as sent does not match the SHA-256 in pack.json.',
        });
      else if (
        !new RegExp(
          `^Message-ID: ${String(r.message_id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\r?$`,
          'mi',
        ).test(raw.toString('utf8'))
      )
        problems.push({ file: r.raw_file, reason: "The reply's Message-ID differs from the one recorded." });
    }
  }
  return result({
    threads: threads.length,
    entries: entries.length,
    checkpoint: cp ? { seq: Number(cp.seq), signed_at: String(cp.signed_at) } : null,
  });
}
