import { describe, expect, it } from 'vitest';
import { buildDeflatedZip, buildDocx, buildZip, withDeclaredSize } from '../../../test/document-fixtures';
import { ZIP_MAX_COMPRESSION_RATIO, ZIP_MAX_ENTRIES, ZIP_MAX_UNCOMPRESSED_BYTES } from './document-limits';
import { zipDirectoryProblem } from './zip-directory';

describe('the ZIP directory check', () => {
  it('lets a Word document through', async () => {
    expect(zipDirectoryProblem(buildDocx(['The custodian is Northbank Trust.']))).toBeNull();
    const prose = Buffer.from(
      Array.from(
        { length: 2000 },
        (_, i) => `<w:p>Quarter ${i} paid $0.${(i * 37) % 100} per unit.</w:p>`,
      ).join(''),
    );
    expect(
      zipDirectoryProblem(await buildDeflatedZip([{ name: 'word/document.xml', data: prose }])),
    ).toBeNull();
  });

  it('refuses an archive that unpacks to more than the limit, from the sizes its directory declares', () => {
    const lying = withDeclaredSize(buildDocx(['Small.']), ZIP_MAX_UNCOMPRESSED_BYTES / 2);
    expect(zipDirectoryProblem(lying)).toMatch(/^it unpacks to 150 MB \(the limit is 100 MB\)$/);
  });

  it('refuses an archive that unpacks to far more times its size than Word documents do', async () => {
    const bomb = await buildDeflatedZip([{ name: 'word/document.xml', data: Buffer.alloc(8 * 1024 * 1024) }]);
    expect(zipDirectoryProblem(bomb)).toMatch(
      new RegExp(`^it unpacks to \\d+ times its size \\(the limit is ${ZIP_MAX_COMPRESSION_RATIO}\\)$`),
    );
  });

  it('refuses an archive of too many files, and one whose directory cannot be read', () => {
    const many = buildZip(
      Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') })),
    );
    expect(zipDirectoryProblem(many)).toBe(
      `it holds ${ZIP_MAX_ENTRIES + 1} files (the limit is ${ZIP_MAX_ENTRIES})`,
    );
    const docx = buildDocx(['Cut short.']);
    expect(zipDirectoryProblem(docx.subarray(0, docx.length - 30))).toMatch(
      /ZIP directory is (missing|damaged)/,
    );
  });
});
