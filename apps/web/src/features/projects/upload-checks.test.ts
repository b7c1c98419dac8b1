import { DOCUMENT_MAX_BYTES } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { uploadProblem } from './upload-checks';

describe('uploadProblem', () => {
  it('lets PDF, DOCX, Markdown and text files of any case through', () => {
    for (const name of ['a.pdf', 'b.DOCX', 'c.md', 'd.Txt'])
      expect(uploadProblem({ name, size: 10 })).toBeNull();
  });

  it('names the accepted types for any other file', () => {
    expect(uploadProblem({ name: 'setup.exe', size: 10 })).toMatch(
      /PDF, DOCX, Markdown \(\.md\) or plain text/,
    );
    expect(uploadProblem({ name: 'README', size: 10 })).toMatch(/not supported/);
  });

  it('refuses files over 10 MB and empty files', () => {
    expect(uploadProblem({ name: 'big.pdf', size: DOCUMENT_MAX_BYTES + 1 })).toMatch(/larger than 10 MB/);
    expect(uploadProblem({ name: 'big.pdf', size: DOCUMENT_MAX_BYTES })).toBeNull();
    expect(uploadProblem({ name: 'empty.txt', size: 0 })).toMatch(/empty/);
  });
});
