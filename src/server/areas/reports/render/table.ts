/** A column of a report table: its header, share of the width and alignment. */
export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

const PADDING = 4;
const FONT_SIZE = 9;

/** Where the page's writable area ends (pdfkit starts a new page past it). */
export const pageBottom = (doc: PDFKit.PDFDocument) => doc.page.height - doc.page.margins.bottom;

/**
 * Draws a table at the cursor. A row that would cross the page's bottom margin goes to a new
 * page, which repeats the header row first, so every page of a long table can be read alone.
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  columns: readonly Column[],
  rows: readonly string[][],
  colours: { header: string; headerText: string; stripe: string },
): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * width);
  const heightOf = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(FONT_SIZE);
    return (
      Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * PADDING }))) +
      2 * PADDING
    );
  };
  const drawRow = (cells: readonly string[], font: string, fill: string | null, text: string) => {
    const height = heightOf(cells, font);
    const top = doc.y;
    if (fill) doc.rect(left, top, width, height).fill(fill);
    let x = left;
    doc.font(font).fontSize(FONT_SIZE).fillColor(text);
    cells.forEach((cell, i) => {
      doc.text(cell, x + PADDING, top + PADDING, {
        width: widths[i]! - 2 * PADDING,
        align: columns[i]!.align ?? 'left',
        lineBreak: true,
      });
      x += widths[i]!;
    });
    doc.x = left;
    doc.y = top + height;
  };
  const header = () =>
    drawRow(
      columns.map((c) => c.header),
      'Helvetica-Bold',
      colours.header,
      colours.headerText,
    );
  if (
    doc.y +
      heightOf(
        columns.map((c) => c.header),
        'Helvetica-Bold',
      ) *
        2 >
    pageBottom(doc)
  )
    doc.addPage();
  header();
  rows.forEach((row, index) => {
    if (doc.y + heightOf(row, 'Helvetica') > pageBottom(doc)) {
      doc.addPage();
      header();
    }
    drawRow(row, 'Helvetica', index % 2 === 1 ? colours.stripe : null, '#1d2939');
  });
  doc.moveDown(0.8);
}
