import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type RenderInput, renderReportPdf } from './pdf.ts';

/** A logo's bytes arrive as a Uint8Array (structured clone drops the Buffer class): pdfkit wants a Buffer. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function revived(input: RenderInput): RenderInput {
  const { providerLogo, customerLogo } = input.branding;
  return {
    ...input,
    branding: {
      ...input.branding,
      providerLogo: providerLogo && { ...providerLogo, bytes: asBuffer(providerLogo.bytes) },
      customerLogo: customerLogo && { ...customerLogo, bytes: asBuffer(customerLogo.bytes) },
    },
  };
}

/**
 * Once its modules are loaded (at the process's priority, so the first report is not kept
 * waiting), the thread yields the cores to the event loop it serves and to the database: on Linux
 * a thread has its own id (`/proc/thread-self` names it) and its own nice value. Elsewhere, or
 * where it is not allowed, it keeps the process's priority.
 */
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 10);
} catch {}

export interface RenderRequest {
  id: number;
  input: RenderInput;
}

export type RenderReply = { id: number; pdf: Uint8Array; pages: number } | { id: number; error: string };

parentPort!.on('message', async ({ id, input }: RenderRequest) => {
  try {
    const { pdf, pages } = await renderReportPdf(revived(input));
    // A copy the thread can hand over without copying again (pdf's own buffer may be pooled).
    const bytes = new Uint8Array(pdf);
    parentPort!.postMessage({ id, pdf: bytes, pages } satisfies RenderReply, [bytes.buffer]);
  } catch (error) {
    parentPort!.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderReply);
  }
});
