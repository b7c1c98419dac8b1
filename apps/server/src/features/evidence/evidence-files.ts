import { createHash, sign } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import { canonicalJson } from '../../lib/audit';
import type { CheckpointLine } from '../../lib/audit-checkpoint';
import type { AuditSigner } from '../../lib/audit-signer';
import { type PackData, packAuditLines, packJson } from './evidence-pack';
import { evidenceSummaryPdf } from './evidence-summary-pdf';

// docs/decisions/031-evidence-packs.md: the files of a pack, its signed manifest, and the zip.

/** The key that signs checkpoints signs packs too (docs/audit-format.md). */
export type PackSigner = Pick<AuditSigner, 'keyId' | 'privateKey' | 'publicKeyPem'>;

export const MANIFEST_FILE = 'manifest.json';
export const PUBLIC_KEY_FILE = 'public-key.pem';

export type PackFile = { name: string; bytes: Buffer };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The signed statement of what the pack holds: each file's name, size and SHA-256. */
export function signedManifest(
  pack: PackData,
  files: PackFile[],
  signer: PackSigner,
): Record<string, unknown> {
  const manifest = {
    format: pack.format,
    organisation: pack.organisation,
    generated_at: pack.generated_at,
    scope: pack.scope,
    files: files.map((f) => ({ name: f.name, bytes: f.bytes.length, sha256: sha256(f.bytes) })),
    key_id: signer.keyId,
  };
  const signature = sign(null, Buffer.from(canonicalJson(manifest), 'utf8'), signer.privateKey);
  return { ...manifest, signature: signature.toString('base64') };
}

/** Every file of the pack, the manifest last; `checkpoint` is the signed line covering its entries. */
export async function packFiles(
  pack: PackData,
  signer: PackSigner,
  checkpoint: CheckpointLine | null,
): Promise<PackFile[]> {
  const text = (s: string) => Buffer.from(s, 'utf8');
  const auditLines = [...packAuditLines(pack), ...(checkpoint ? [checkpoint] : [])];
  const files: PackFile[] = [
    { name: 'pack.json', bytes: text(packJson(pack)) },
    { name: 'audit.jsonl', bytes: text(auditLines.map((l) => `${JSON.stringify(l)}\n`).join('')) },
    ...pack.threads.flatMap((t) =>
      t.replies.flatMap((r) => (r.raw_file && r.raw ? [{ name: r.raw_file, bytes: text(r.raw) }] : [])),
    ),
    { name: 'summary.pdf', bytes: await evidenceSummaryPdf(pack, { keyId: signer.keyId }) },
    { name: PUBLIC_KEY_FILE, bytes: text(signer.publicKeyPem) },
  ];
  const manifest = signedManifest(pack, files, signer);
  return [...files, { name: MANIFEST_FILE, bytes: text(`${JSON.stringify(manifest, null, 2)}\n`) }];
}

/** The files as one zip, streamed: a fixed modification time keeps the bytes reproducible. */
export function zipStream(files: PackFile[], mtime: Date): Readable {
  const zip = new yazl.ZipFile();
  for (const f of files) zip.addBuffer(f.bytes, f.name, { mtime, mode: 0o100644 });
  zip.end();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  return out;
}
