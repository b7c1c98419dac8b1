import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { pdfPrintable } from '../../lib/pdf-text';
import { renderReportPdf } from './report-pdf';

async function pagesOf(pdf: Buffer): Promise<string[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf), { verbosity: 0 });
  return (await extractText(doc, { mergePages: false })).text.map((page) => page.replace(/\s+/g, ' '));
}

describe('the report PDF', () => {
  it('continues a long table on the next pages with its heading repeated, every row once', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Row ${String(i).padStart(3, '0')}`, 'a\nb']);
    const pdf = await renderReportPdf(
      {
        title: 'Compliance report',
        subtitle: ['Period 2026-11-01 to 2026-11-30 (UTC), all funds'],
        sections: [
          { heading: 'Summary', lines: ['Replies sent: 120'] },
          {
            heading: 'Replies sent',
            columns: [
              { label: 'Investor', width: 1 },
              { label: 'Flags', width: 1 },
            ],
            rows,
            empty: '',
          },
          {
            heading: 'Overrides',
            columns: [{ label: 'Reason', width: 1 }],
            rows: [],
            empty: 'No overrides.',
          },
        ],
      },
      new Date('2026-12-01T09:00:00Z'),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThan(2);
    const continued = pages.slice(1).filter((page) => page.includes('Row '));
    expect(continued.length).toBeGreaterThan(1);
    for (const page of continued) expect(page).toContain('Investor Flags');
    const all = pages.join(' ');
    for (let i = 0; i < 120; i++) expect(all.split(`Row ${String(i).padStart(3, '0')}`)).toHaveLength(2);
    expect(all).toContain('No overrides.');
  });

  it('replaces what the built-in fonts cannot print, keeping Latin-1 and typographic quotes', () => {
    expect(pdfPrintable('Zoë “quoted” – 李 €')).toBe('Zoë “quoted” – ? €');
  });
});
