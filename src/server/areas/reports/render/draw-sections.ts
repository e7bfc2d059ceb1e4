import SVGtoPDF from 'svg-to-pdfkit';
import type { SectionData } from '../sections/index.ts';
import { alertsOverTimeSvg, lineSvg } from './charts.ts';
import type { Drawing } from './pdf.ts';
import { type Block, blocksOf, type TableBlock } from './section-blocks.ts';
import { drawTable, pageBottom } from './table.ts';

function drawTableBlock(drawing: Drawing, block: TableBlock) {
  if (block.rows.length === 0) {
    note(drawing, drawing.labels.none);
    return;
  }
  drawTable(drawing.doc, block.columns, block.rows, {
    header: drawing.branding.primary,
    headerText: '#ffffff',
    stripe: '#f2f4f7',
  });
}

function note(drawing: Drawing, text: string) {
  drawing.doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#344054')
    .text(text, drawing.doc.page.margins.left, drawing.doc.y, { width: drawing.width });
  drawing.doc.moveDown(0.5);
}

function chart(drawing: Drawing, svg: string, height: number) {
  const { doc } = drawing;
  if (doc.y + height > pageBottom(doc)) doc.addPage();
  // ECharts sizes in pixels; taken as points, the chart fills the width it was drawn for.
  SVGtoPDF(doc, svg, doc.page.margins.left, doc.y, { width: drawing.width, height, assumePt: true });
  doc.y += height + 8;
  doc.x = doc.page.margins.left;
}

function drawBlock(drawing: Drawing, block: Block, section: SectionData) {
  if (block.kind === 'note') note(drawing, block.text);
  else if (block.kind === 'table') drawTableBlock(drawing, block);
  else if (block.chart === 'alerts_over_time') {
    const data = section.data as { buckets: Parameters<typeof alertsOverTimeSvg>[0] };
    chart(
      drawing,
      alertsOverTimeSvg(data.buckets, drawing.labels.priorities, drawing.width, block.height),
      block.height,
    );
  } else {
    const data = section.data as { days: { day: string; events: number }[] };
    const points = data.days.map((d) => ({ label: d.day.slice(5), value: d.events }));
    chart(drawing, lineSvg(points, drawing.branding.secondary, 500, block.height), block.height);
  }
}

/** A data section: its title in the primary colour, then its tables, charts and figures. */
export function drawSection(drawing: Drawing, section: SectionData) {
  const printed = blocksOf(drawing, section);
  if (!printed) return;
  const { doc } = drawing;
  if (doc.y + 80 > pageBottom(doc)) doc.addPage();
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(drawing.branding.primary)
    .text(printed.title, doc.page.margins.left, doc.y, { width: drawing.width });
  doc.moveDown(0.3);
  for (const block of printed.blocks) drawBlock(drawing, block, section);
  doc.moveDown(0.5);
}
