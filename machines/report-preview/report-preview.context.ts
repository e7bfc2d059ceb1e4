/** What one preview is drawn for: the saved version of the report, a customer and its groups. */
export interface PreviewRequest {
  reportId: string;
  /** The saved version: each save asks for the preview again. */
  version: number;
  /** Empty while no customer is chosen: nothing is drawn then. */
  customerId: string;
  /** The Azure groups the preview is narrowed to; none covers the whole customer. */
  groups: readonly string[];
}

export interface ReportPreviewContext {
  /** The latest request asked for (drawn once the person pauses). */
  wanted: PreviewRequest;
  /** The request being drawn or last drawn: the figures beside the PDF follow it. */
  drawn: PreviewRequest | null;
  /** The PDF last drawn; kept on screen while a newer one is drawn. */
  pdf: Blob | null;
  /** What `pdf` was drawn for (behind `drawn` while a newer drawing is on its way). */
  shown: PreviewRequest | null;
  /** Why the last drawing failed (what the call threw). */
  failure: unknown;
}

export interface ReportPreviewInput {
  request: PreviewRequest;
}
