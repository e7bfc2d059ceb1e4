import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../errors.ts';

/** One file of a multipart/form-data request: its name as the browser sent it, and its bytes. */
export interface UploadedFile {
  name: string | null;
  bytes: Buffer;
}

const mebibytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/** 413 naming the field and the limit, so a client can say how large a file may be. */
export const fileTooLarge = (field: string, maxBytes: number) =>
  new ApiError(413, 'too_large', `${field}: is larger than ${mebibytes(maxBytes)}`, [
    { field, reason: `is larger than ${mebibytes(maxBytes)}` },
  ]);

/**
 * Reads the one file a multipart/form-data request carries in `field`, at most `maxBytes`
 * (larger is a 413 naming the limit); a request without it, or with an empty file, is a 400.
 * The parts stream through @fastify/multipart, so a file over the limit is never held whole.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<UploadedFile> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
  } catch (error) {
    throw malformed(error, field);
  }
  if (!part) throw badRequest(field, 'is missing: send the file as the form field "file"');
  if (part.fieldname !== field) throw badRequest(field, `is missing: the form field is "${part.fieldname}"`);
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(field, maxBytes);
    throw malformed(error, field);
  }
  if (bytes.length === 0) throw badRequest(field, 'is empty: the file has no bytes');
  return { name: part.filename || null, bytes };
}

/** A form the parser cannot read is the client's mistake: a 400, never a 500. */
function malformed(error: unknown, field: string): ApiError {
  if (error instanceof ApiError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return badRequest(field, `could not be read from the form: ${reason}`);
}
