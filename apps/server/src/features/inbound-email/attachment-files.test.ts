import { INBOUND_ATTACHMENT_MAX_BYTES, INBOUND_ATTACHMENTS_MAX } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { buildDocx, buildPdf, buildZip } from '../../../test/document-fixtures';
import { cleanFileName, FILE_NAME_MAX, recogniseAttachmentType, selectAttachments } from './attachment-files';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('recognising an attachment’s type from its bytes', () => {
  it('recognises PDF and DOCX, whatever the sender called them', () => {
    expect(recogniseAttachmentType(buildPdf([['Hello']]))).toBe('application/pdf');
    expect(recogniseAttachmentType(buildDocx(['Hello']))).toBe(DOCX);
  });

  it('takes a ZIP without word/document.xml, or a damaged one, for bytes', () => {
    expect(recogniseAttachmentType(buildZip([{ name: 'a.txt', data: Buffer.from('a') }]))).toBe(
      'application/octet-stream',
    );
    expect(recogniseAttachmentType(buildDocx(['Hello']).subarray(0, 200))).toBe('application/octet-stream');
  });

  it('recognises images by their signatures', () => {
    expect(recogniseAttachmentType(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png');
    expect(recogniseAttachmentType(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBe('image/jpeg');
    expect(recogniseAttachmentType(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('image/gif');
    expect(recogniseAttachmentType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
  });

  it('never gives HTML, SVG or text a type a browser would render', () => {
    for (const content of [
      '<html><script>alert(1)</script></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'plain words',
      '',
    ]) {
      expect(recogniseAttachmentType(Buffer.from(content)), content).toBe('application/octet-stream');
    }
  });
});

describe('cleaning an attachment’s file name', () => {
  it('keeps the last segment of a path, without control characters', () => {
    expect(cleanFileName('..\\..\\subscription.pdf')).toBe('subscription.pdf');
    expect(cleanFileName('/etc/passwd')).toBe('passwd');
    expect(cleanFileName('report\u0000\r\n final.pdf')).toBe('report final.pdf');
    expect(cleanFileName('Q3 \u2028 letter.docx')).toBe('Q3 letter.docx');
  });

  it('names what has no name', () => {
    for (const name of [undefined, '', '   ', '..', 'dir/']) expect(cleanFileName(name)).toBe('attachment');
  });

  it('cuts a long name to the limit, keeping its extension', () => {
    const long = cleanFileName(`${'a'.repeat(500)}.pdf`);
    expect(long).toHaveLength(FILE_NAME_MAX);
    expect(long.endsWith('.pdf')).toBe(true);
    expect(cleanFileName(`${'😀'.repeat(150)}`).length).toBeLessThanOrEqual(FILE_NAME_MAX);
    expect(cleanFileName(`${'😀'.repeat(150)}`)).not.toMatch(/[\uD800-\uDBFF]$/);
  });
});

describe('choosing the attachments kept', () => {
  const file = (fileName: string, size: number) => ({ fileName, content: Buffer.alloc(size) });

  it('keeps every attachment within the limits', () => {
    const all = [file('a.pdf', 10), file('b.pdf', INBOUND_ATTACHMENT_MAX_BYTES)];
    expect(selectAttachments(all)).toEqual({ kept: all, note: null });
  });

  it('leaves out one over the size limit and past the count, and says which', () => {
    const big = file('huge.zip', INBOUND_ATTACHMENT_MAX_BYTES + 1);
    const many = Array.from({ length: INBOUND_ATTACHMENTS_MAX + 2 }, (_, i) => file(`f${i}.txt`, 1));
    const { kept, note } = selectAttachments([big, ...many]);
    expect(kept).toHaveLength(INBOUND_ATTACHMENTS_MAX);
    expect(kept.map((k) => k.fileName)).not.toContain('huge.zip');
    expect(note).toContain('huge.zip (21 MB)');
    expect(note).toContain(`past the first ${INBOUND_ATTACHMENTS_MAX}: f20.txt, f21.txt`);
  });
});
