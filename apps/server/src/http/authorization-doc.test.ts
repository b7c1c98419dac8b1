import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { authorizationMarkdown } from './authorization-doc';

const doc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/security.md');
const START = '<!-- authorization:start (generated: UPDATE_DOCS=1 npx vitest run authorization-doc) -->';
const END = '<!-- authorization:end -->';

describe('docs/security.md', () => {
  it('states the authorization tables the server enforces', () => {
    const text = readFileSync(doc, 'utf8');
    const from = text.indexOf(START);
    const to = text.indexOf(END);
    expect(from, 'the generated section markers').toBeGreaterThan(-1);
    expect(to).toBeGreaterThan(from);
    const expected = `${START}\n${authorizationMarkdown()}\n${END}`;
    const actual = text.slice(from, to + END.length);
    if (process.env.UPDATE_DOCS === '1' && actual !== expected) {
      writeFileSync(doc, text.slice(0, from) + expected + text.slice(to + END.length));
      return;
    }
    expect(actual, 'run UPDATE_DOCS=1 npx vitest run authorization-doc').toBe(expected);
  });
});
