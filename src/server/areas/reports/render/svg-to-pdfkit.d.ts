/** Types of `svg-to-pdfkit` (it ships none): the one function the report renderer calls. */
declare module 'svg-to-pdfkit' {
  interface SvgOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    assumePt?: boolean;
  }
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x: number,
    y: number,
    options?: SvgOptions,
  ): void;
}
