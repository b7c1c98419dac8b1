/** The offline verifier alone in this process (bench/audit-chain.ts): prints time, result and peak RSS. */
import { createReadStream, readFileSync } from 'node:fs';
import { verifyAuditExport } from '../src/features/audit/audit-export-verifier';
import { parsePublicKeyPem } from '../src/lib/audit-checkpoint';

const [file, keyFile] = process.argv.slice(2);
if (!file || !keyFile) throw new Error('usage: audit-offline-child.ts FILE KEY');
const started = performance.now();
const result = await verifyAuditExport(
  () => createReadStream(file),
  parsePublicKeyPem(readFileSync(keyFile)),
);
const ms = performance.now() - started;
process.stdout.write(
  JSON.stringify({
    ms,
    valid: result.valid,
    entries: result.entries,
    // resourceUsage().maxRSS is in kilobytes.
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  }),
);
