import type { Readable } from 'node:stream';
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
 *
 * The parser is asked to stop one byte past the limit, and the bytes are counted here as well:
 * a file the parser cut short (`truncated`, its `limit` event, or simply more bytes than allowed)
 * is refused whatever the chunks looked like, so analysis never sees the first part of a file.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<UploadedFile> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({
      limits: { fileSize: maxBytes + 1, files: 1, fields: 10 },
      throwFileSizeLimit: false,
    });
  } catch (error) {
    throw malformed(error, field);
  }
  if (!part) throw badRequest(field, 'is missing: send the file as the form field "file"');
  const file = part.file as Readable & { truncated?: boolean };
  let cutShort = false;
  file.once('limit', () => {
    cutShort = true;
  });
  if (part.fieldname !== field) {
    file.resume();
    throw badRequest(field, `is missing: the form field is "${part.fieldname}"`);
  }
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      received += chunk.length;
      // Past the limit nothing more is kept; the rest is only drained so the answer can be sent.
      if (received <= maxBytes) chunks.push(chunk);
    }
  } catch (error) {
    throw malformed(error, field);
  }
  if (cutShort || file.truncated || received > maxBytes) throw fileTooLarge(field, maxBytes);
  if (received === 0) throw badRequest(field, 'is empty: the file has no bytes');
  return { name: part.filename || null, bytes: Buffer.concat(chunks, received) };
}

/**
 * Reads a request body as it arrives, at most the route's body limit: larger is a 413 naming
 * `field` and the limit (a declared length is refused before a byte is read). The body parsers
 * of every content type go through here, so no route reads a body any other way.
 */
export function readRequestBody(request: FastifyRequest, payload: Readable, field: string): Promise<Buffer> {
  const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1024 * 1024;
  const declared = Number(request.headers['content-length']);
  if (declared > limit) {
    payload.resume();
    return Promise.reject(fileTooLarge(field, limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = () => {
      payload.off('data', onData);
      payload.off('end', onEnd);
      payload.off('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      received += bytes.length;
      if (received > limit) {
        stop();
        payload.resume();
        reject(fileTooLarge(field, limit));
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = () => {
      stop();
      if (!Number.isNaN(declared) && declared !== received)
        reject(badRequest(field, `is ${received} bytes long, not the ${declared} its Content-Length says`));
      else resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      stop();
      reject(badRequest(field, `could not be read: ${error.message}`));
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
    payload.resume();
  });
}

/** A form the parser cannot read is the client's mistake: a 400, never a 500. */
function malformed(error: unknown, field: string): ApiError {
  if (error instanceof ApiError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return badRequest(field, `could not be read from the form: ${reason}`);
}
