import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assignSplits, loadCorpus, normaliseText, packageV1Lines, splitOf } from '../scripts/corpus';

/** The corpus tooling (corpus/README.md): validation, the split rule and cleared flags as training lines. */
let dir = '';
const corpusDir = (files: Record<string, string>) => {
  dir = mkdtempSync(path.join(tmpdir(), 'parley-corpus-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
};
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

const line = (o: Record<string, unknown>) =>
  JSON.stringify({
    id: 'faq-0001',
    origin: 'faq',
    label: 'clean',
    kind: 'plain',
    hard: false,
    text: 'You can update your bank details in the portal.',
    source: 'written',
    ...o,
  });

describe('loadCorpus', () => {
  it('loads the files and the package corpus, all of package-v1 in train', () => {
    const lines = loadCorpus(corpusDir({ 'faq.jsonl': `${line({ split: 'dev' })}\n` }));
    expect(lines.filter((l) => l.origin === 'faq')).toHaveLength(1);
    const v1 = lines.filter((l) => l.origin === 'package-v1');
    expect(v1.length).toBe(packageV1Lines().length);
    expect(v1.every((l) => l.split === 'train')).toBe(true);
  });

  it('names every problem with its file and line', () => {
    const files = {
      'faq.jsonl': [
        line({}),
        line({ id: 'faq-0002', text: 'YOU can update your  bank details in the portal.' }),
        line({ id: 'faq-0003', text: 'Another one.', label: 'promissory', kind: 'plain' }),
        line({ id: 'faq-0004', text: 'A third one.', hard: true }),
        line({ id: 'faq-0005', text: 'A fourth one.', origin: 'letter' }),
        line({ id: 'faq-0006', text: 'A fifth one.', split: 'holdout' }),
        JSON.stringify({ id: 'faq-0007', text: 'No label.' }),
      ].join('\n'),
    };
    expect(() => loadCorpus(corpusDir(files))).toThrowError(
      new RegExp(
        [
          'faq.jsonl line 2: the same text as faq.jsonl line 1',
          'faq.jsonl line 3: kind of a promissory line must be one of',
          "faq.jsonl line 4: a hard clean line names its trap as kind, not 'plain'",
          "faq.jsonl line 5: origin 'letter' differs from the file's origin 'faq'",
          'faq.jsonl line 6: split must be one of train, dev, test',
          "faq.jsonl line 7: missing field 'origin'",
        ].join('[\\s\\S]*'),
      ),
    );
  });

  it('rejects a line that is not JSON, naming it', () => {
    expect(() => loadCorpus(corpusDir({ 'faq.jsonl': `${line({})}\n{oops\n` }))).toThrowError(
      'faq.jsonl:2: not valid JSON',
    );
  });
});

describe('splits', () => {
  it('depend only on the normalised text, about 60/20/20', () => {
    expect(splitOf('We will send the K-1 by March 15.', 'faq')).toBe(
      splitOf('  we will send the k-1 by march 15. ', 'letter'),
    );
    expect(normaliseText('It\u2019s \u201cfine\u201d')).toBe('it\'s "fine"');
    const counts = { train: 0, dev: 0, test: 0 };
    for (let i = 0; i < 3000; i++) counts[splitOf(`sentence number ${i}`, 'faq')]++;
    expect(counts.train / 3000).toBeGreaterThan(0.55);
    expect(counts.train / 3000).toBeLessThan(0.65);
    expect(counts.dev / 3000).toBeGreaterThan(0.16);
    expect(counts.test / 3000).toBeGreaterThan(0.16);
    expect(splitOf('sentence number 7', 'dismissal')).toBe('train');
  });

  it('are assigned once: lines with a split stay byte for byte, cleared flags become training lines', () => {
    const kept = line({ id: 'faq-0001', text: 'Kept as written.', split: 'test' }).replace(',', ', ');
    const files = {
      'faq.jsonl': `${kept}\n${line({ id: 'faq-0002', text: 'Needs a split.' })}\n`,
      'dismissal.jsonl': [
        JSON.stringify({
          text: 'The notes are guaranteed by the sponsor.',
          label: 'clean',
          rule: 'pattern:guarantee',
          severity: 'high',
          reason: 'a credit guarantee',
          origin: 'dismissal',
          dismissed_at: '2026-01-05T10:00:00Z',
        }),
        JSON.stringify({
          text: 'the notes are guaranteed by the sponsor.',
          label: 'clean',
          origin: 'dismissal',
        }),
        JSON.stringify({ text: 'Kept as written.', label: 'clean', origin: 'dismissal' }),
      ].join('\n'),
    };
    const at = corpusDir(files);
    expect(assignSplits(at)).toEqual({ assigned: 2, dropped: 2, files: ['dismissal.jsonl', 'faq.jsonl'] });
    const faq = readFileSync(path.join(at, 'faq.jsonl'), 'utf8').split('\n');
    expect(faq[0]).toBe(kept);
    expect(JSON.parse(faq[1] as string).split).toBe(splitOf('Needs a split.', 'faq'));
    const lines = loadCorpus(at);
    const cleared = lines.filter((l) => l.origin === 'dismissal');
    expect(cleared).toEqual([
      expect.objectContaining({
        origin: 'dismissal',
        label: 'clean',
        kind: 'dismissed',
        hard: true,
        split: 'train',
        text: 'The notes are guaranteed by the sponsor.',
        source: 'cleared flag (pattern:guarantee; a credit guarantee; 2026-01-05T10:00:00Z)',
      }),
    ]);
    // a second run changes nothing
    expect(assignSplits(at)).toEqual({ assigned: 0, dropped: 0, files: [] });
  });
});
