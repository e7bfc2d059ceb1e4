import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ReportComponent } from '../document.ts';
import type { Period } from '../period.ts';
import type { SectionData } from '../sections/index.ts';
import { drawSection } from './draw-sections.ts';
import { type Formats, formatsFor } from './format.ts';
import { labelsFor, type ReportLabels } from './labels.ts';
import { parseMarkdown } from './markdown.ts';
import { pageBottom } from './table.ts';

export interface Logo {
  bytes: Buffer;
  type: string;
}

/** The colours and logos a report is drawn with: the customer's where set, else the provider's. */
export interface ResolvedBranding {
  primary: string;
  secondary: string;
  providerLogo: Logo | null;
  customerLogo: Logo | null;
}

export interface RenderInput {
  title: string;
  description: string | null;
  version: number;
  providerName: string;
  customerName: string;
  /** The language the PDF is printed in (the customer's). */
  locale: string;
  /** The customer's IANA time zone: when the report was made is printed in it. */
  timeZone: string;
  period: Period;
  /** The Azure groups the figures are narrowed to, with how many devices each has; null: the whole customer. */
  azureGroups: { id: string; name: string; devices: number }[] | null;
  generatedAt: Date;
  branding: ResolvedBranding;
  components: readonly ReportComponent[];
  sections: readonly SectionData[];
}

export interface Drawing {
  doc: PDFKit.PDFDocument;
  branding: ResolvedBranding;
  width: number;
  labels: ReportLabels;
  format: Formats;
  timeZone: string;
}

const MARGIN = 50;

function drawLogo(doc: PDFKit.PDFDocument, logo: Logo, x: number, y: number, width: number, height: number) {
  if (logo.type === 'image/svg+xml')
    SVGtoPDF(doc, logo.bytes.toString('utf8'), x, y, { width, height, preserveAspectRatio: 'xMidYMid meet' });
  else doc.image(logo.bytes, x, y, { fit: [width, height], align: 'center', valign: 'center' });
}

/** The title block: the provider's band in its primary colour with both logos, then what and for whom. */
function drawCover(drawing: Drawing, input: RenderInput) {
  const { doc, branding } = drawing;
  doc.rect(0, 0, doc.page.width, 90).fill(branding.primary);
  if (branding.providerLogo) drawLogo(doc, branding.providerLogo, MARGIN, 20, 140, 50);
  if (branding.customerLogo) drawLogo(doc, branding.customerLogo, doc.page.width - MARGIN - 140, 20, 140, 50);
  doc.y = 110;
  doc.x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#101828').text(input.title, { width: drawing.width });
  if (input.description) doc.font('Helvetica').fontSize(11).fillColor('#475467').text(input.description);
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10).fillColor('#344054');
  const { labels, format } = drawing;
  doc.text(`${labels.customer}: ${input.customerName}`);
  doc.text(`${labels.period}: ${format.period(input.period)} (${input.period.start} – ${input.period.end})`);
  doc.text(
    `${labels.generated}: ${format.moment(input.generatedAt, input.timeZone)} · ${labels.version(input.version)}`,
  );
  if (input.azureGroups)
    doc.text(
      `${labels.azureGroups}: ${input.azureGroups.map((g) => labels.azureGroup(g.name, g.devices, format.count(g.devices))).join(', ')}`,
      { width: drawing.width },
    );
  doc.moveDown(0.5);
  rule(drawing);
}

function rule(drawing: Drawing) {
  const { doc } = drawing;
  const y = doc.y + 4;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + drawing.width, y)
    .lineWidth(1)
    .strokeColor(drawing.branding.secondary)
    .stroke();
  doc.y = y + 10;
  doc.x = MARGIN;
}

function drawMarkdown(drawing: Drawing, text: string) {
  const { doc } = drawing;
  for (const block of parseMarkdown(text)) {
    const size = block.kind === 'heading' ? 13 : 10;
    const indent = block.kind === 'item' ? 14 : 0;
    if (block.kind === 'item')
      doc
        .font('Helvetica')
        .fontSize(size)
        .fillColor('#1d2939')
        .text('•', MARGIN, doc.y, { continued: false, lineBreak: false });
    const spans = block.spans;
    spans.forEach((span, index) => {
      const continued = index < spans.length - 1;
      doc
        .font(span.bold || block.kind === 'heading' ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(size)
        .fillColor('#1d2939');
      // Only the first span places the text; the others continue its line.
      if (index === 0)
        doc.text(span.text, MARGIN + indent, doc.y, { width: drawing.width - indent, continued });
      else doc.text(span.text, { continued });
    });
    doc.x = MARGIN;
    doc.moveDown(0.4);
  }
}

/** Page numbers and the provider's name in every page's footer, once the pages are all known. */
function drawFooters(drawing: Drawing, input: RenderInput) {
  const { doc } = drawing;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Inside the bottom margin: lift it for the footer, or pdfkit would start another page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 36;
    doc.font('Helvetica').fontSize(8).fillColor('#667085');
    doc.text(`${input.providerName} · ${input.customerName} · ${input.title}`, MARGIN, y, {
      width: drawing.width / 1.5,
      lineBreak: false,
    });
    doc.text(drawing.labels.page(i + 1, range.count), MARGIN, y, {
      width: drawing.width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * Renders a report to PDF bytes on the server, without a browser: pdfkit with its standard fonts
 * (text stays selectable), tables that break across pages with their header repeated, charts as
 * vectors from ECharts' SVG, page numbers, and the provider's and customer's branding.
 */
export async function renderReportPdf(input: RenderInput): Promise<{ pdf: Buffer; pages: number }> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 60, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: input.title,
      Author: input.providerName,
      Subject: `${input.customerName} · ${formatsFor(input.locale).period(input.period)}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const drawing: Drawing = {
    doc,
    branding: input.branding,
    width: doc.page.width - 2 * MARGIN,
    labels: labelsFor(input.locale),
    format: formatsFor(input.locale),
    timeZone: input.timeZone,
  };
  drawCover(drawing, input);
  input.components.forEach((component, index) => {
    if (component.type === 'page_break') doc.addPage();
    else if (component.type === 'rule') rule(drawing);
    else if (component.type === 'header') {
      if (doc.y + 40 > pageBottom(doc)) doc.addPage();
      doc
        .font('Helvetica-Bold')
        .fontSize(16)
        .fillColor(input.branding.primary)
        .text(component.text ?? '', MARGIN, doc.y, { width: drawing.width });
      doc.moveDown(0.4);
    } else if (component.type === 'body') drawMarkdown(drawing, component.text ?? '');
    else if (component.type === 'section') drawSection(drawing, input.sections[index]!);
  });
  drawFooters(drawing, input);
  const pages = doc.bufferedPageRange().count;
  doc.end();
  await ended;
  return { pdf: Buffer.concat(chunks), pages };
}
