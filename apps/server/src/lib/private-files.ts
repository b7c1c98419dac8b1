import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files kept under the data directory by a storage key of `/`-separated segments, the first the
 * organisation: fund documents (DATA_DIR/documents) and e-mail attachments (DATA_DIR/attachments).
 */
export function privateFilePath(root: string, storageKey: string): string {
  return path.join(root, ...storageKey.split('/'));
}

/**
 * Writes a file readable by the server's user only (0600, its folders 0700): investors' and funds'
 * files are confidential and the data directory may sit on a shared host
 * (docs/decisions/037-untrusted-files.md). Folders made before that rule are narrowed on the next
 * write to them; an existing file is never overwritten.
 */
export async function writePrivateFile(root: string, storageKey: string, bytes: Uint8Array): Promise<string> {
  const filePath = privateFilePath(root, storageKey);
  await mkdir(path.dirname(filePath), { recursive: true, mode: 0o700 });
  const [orgId = ''] = storageKey.split('/');
  for (const dir of new Set([root, path.join(root, orgId), path.dirname(filePath)])) {
    await chmod(dir, 0o700);
  }
  await writeFile(filePath, bytes, { mode: 0o600, flag: 'wx' });
  return filePath;
}
