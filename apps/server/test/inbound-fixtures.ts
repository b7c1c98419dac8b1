import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The MIME fixtures of investors' e-mail (docs/decisions/058-inbound-email.md), for the tests. */

export const INBOUND_DOMAIN = 'in.parley.test';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/inbound');

/**
 * The bytes of a fixture (apps/server/test/fixtures/inbound) with its `{{NAME}}` placeholders filled in.
 * Read and written as latin1, so the bytes of a mail in another charset stay what they are.
 */
export function inboundFixture(name: string, values: Record<string, string> = {}): Buffer {
  const text = readFileSync(path.join(FIXTURES, name), 'latin1').replace(
    /\{\{(\w+)\}\}/g,
    (match, key: string) => values[key] ?? match,
  );
  return Buffer.from(text, 'latin1');
}
