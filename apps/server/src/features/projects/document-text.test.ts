import { describe, expect, it } from 'vitest';
import { buildDocx, buildPdf } from '../../../test/document-fixtures';
import { extractDocumentText } from './document-extraction';
import { ExtractionError, PASSAGE_MAX_CHARS, sniffKind, splitIntoPassages } from './document-text';

describe('document text', () => {
  it('reads a PDF page by page', async () => {
    const pdf = buildPdf([['Page one says hello.'], ['Page two (second) says goodbye.']]);
    const text = await extractDocumentText('pdf', pdf);
    expect(text.pageCount).toBe(2);
    expect(text.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(text.pages[1]?.text).toContain('Page two (second) says goodbye.');
  });

  it('reads the paragraphs of a Word document', async () => {
    const text = await extractDocumentText('docx', buildDocx(['First paragraph.', 'Second & last.']));
    expect(splitIntoPassages(text)).toEqual([{ page: null, text: 'First paragraph.\n\nSecond & last.' }]);
  });

  it('explains a damaged PDF instead of crashing', async () => {
    await expect(extractDocumentText('pdf', Buffer.from('%PDF-1.4 not really'))).rejects.toBeInstanceOf(
      ExtractionError,
    );
  });

  it('accepts a file only when its extension and its first bytes agree', () => {
    expect(sniffKind('a.pdf', buildPdf([['x']]))).toBe('pdf');
    expect(sniffKind('a.docx', buildDocx(['x']))).toBe('docx');
    expect(sniffKind('a.md', Buffer.from('# Title'))).toBe('markdown');
    expect(sniffKind('a.txt', Buffer.from('plain'))).toBe('text');
    expect(sniffKind('a.pdf', Buffer.from('plain'))).toBeNull();
    expect(sniffKind('a.txt', Buffer.from([0x00, 0x01]))).toBeNull();
    expect(sniffKind('a.exe', Buffer.from('MZ'))).toBeNull();
    expect(sniffKind('a.txt', Buffer.from([0xff, 0xfe, 0x41]))).toBeNull();
  });

  it('keeps table rows, list items, headings and label lines on their own lines, and joins wrapped prose', () => {
    const text = [
      'Distribution per Unit',
      '| Series | Rate |',
      '| A | $0.52 |',
      '',
      'Record Date: 30 September 2025',
      'Payment Date: 13 November 2025',
      '',
      'The fund pays quarterly and',
      'the rate is not guaranteed.',
    ].join('\n');
    expect(splitIntoPassages({ pages: [{ page: null, text }], pageCount: null })).toEqual([
      {
        page: null,
        text: [
          'Distribution per Unit\n| Series | Rate |\n| A | $0.52 |',
          'Record Date: 30 September 2025\nPayment Date: 13 November 2025',
          'The fund pays quarterly and the rate is not guaranteed.',
        ].join('\n\n'),
      },
    ]);
  });

  it('splits long text into passages of about a thousand characters on sentence boundaries', () => {
    const sentence = 'The fund paid a distribution of $0.45 per unit on 15 January 2025. ';
    const text = sentence.repeat(60);
    const passages = splitIntoPassages({ pages: [{ page: 3, text }], pageCount: 3 });
    expect(passages.length).toBeGreaterThan(2);
    for (const passage of passages) {
      expect(passage.page).toBe(3);
      expect(passage.text.length).toBeLessThanOrEqual(PASSAGE_MAX_CHARS);
      expect(passage.text.endsWith('2025.')).toBe(true);
    }
    expect(passages.map((p) => p.text).join(' ')).toBe(text.trim());
  });
});
