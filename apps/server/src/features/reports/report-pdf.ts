import { pdfPrintable } from '../../lib/pdf-text';

/** A column of a report table: its heading and its share of the page's width. */
export type ReportColumn = { label: string; width: number };

export type ReportSection =
  | { heading: string; lines: string[] }
  | { heading: string; columns: ReportColumn[]; rows: string[][]; empty: string };

/** What a report's PDF says: a title, the lines under it, then its sections in order. */
export type ReportDocument = {
  title: string;
  subtitle: string[];
  sections: ReportSection[];
};

const MARGIN = 40;
const BODY_SIZE = 9;
const TABLE_SIZE = 7.5;
const CELL_PADDING = 3;

/**
 * Renders the report as an A4 landscape PDF with PDFKit (docs/decisions/044-reports.md): headings,
 * lines, and tables whose rows wrap within their columns and continue on the next page with their
 * heading repeated.
 */
export async function renderReportPdf(report: ReportDocument, createdAt: Date): Promise<Buffer> {
  // PDFKit is imported when a PDF is made, not at start (docs/decisions/045-compiled-server.md).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: pdfPrintable(report.title), Author: 'Parley', CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const pageWidth = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;

  doc.font('Helvetica-Bold').fontSize(16).text(pdfPrintable(report.title));
  doc.font('Helvetica').fontSize(BODY_SIZE);
  for (const line of report.subtitle) doc.text(pdfPrintable(line));

  for (const section of report.sections) {
    doc.moveDown(1);
    if (doc.y > bottom() - 60) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(12).text(pdfPrintable(section.heading), MARGIN);
    doc.moveDown(0.3);
    if ('lines' in section) {
      doc.font('Helvetica').fontSize(BODY_SIZE);
      for (const line of section.lines) doc.text(pdfPrintable(line), MARGIN);
      continue;
    }
    if (section.rows.length === 0) {
      doc.font('Helvetica-Oblique').fontSize(BODY_SIZE).text(pdfPrintable(section.empty), MARGIN);
      continue;
    }
    const total = section.columns.reduce((sum, c) => sum + c.width, 0);
    const widths = section.columns.map((c) => (c.width / total) * pageWidth);
    const drawRow = (cells: string[], bold: boolean) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(TABLE_SIZE);
      const texts = cells.map(pdfPrintable);
      const height =
        Math.max(
          ...texts.map((text, i) => doc.heightOfString(text, { width: (widths[i] ?? 0) - 2 * CELL_PADDING })),
        ) +
        2 * CELL_PADDING;
      if (doc.y + height > bottom()) {
        doc.addPage();
        if (!bold) {
          drawRow(
            section.columns.map((c) => c.label),
            true,
          );
          // The repeated heading set its own font.
          doc.font('Helvetica').fontSize(TABLE_SIZE);
        }
      }
      const top = doc.y;
      let x = MARGIN;
      texts.forEach((text, i) => {
        const width = widths[i] ?? 0;
        doc.text(text, x + CELL_PADDING, top + CELL_PADDING, { width: width - 2 * CELL_PADDING });
        x += width;
      });
      doc
        .moveTo(MARGIN, top + height)
        .lineTo(MARGIN + pageWidth, top + height)
        .lineWidth(0.3)
        .strokeColor('#999999')
        .stroke();
      doc.x = MARGIN;
      doc.y = top + height;
    };
    drawRow(
      section.columns.map((c) => c.label),
      true,
    );
    for (const row of section.rows) drawRow(row, false);
  }

  doc.end();
  return done;
}
