import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseNdjson } from '../areas/logs/index.ts';
import { badRequest } from '../errors.ts';
import { parseBoundedJson } from '../platform/json-body.ts';
import { readRequestBody } from '../platform/upload.ts';

/**
 * Every request body the API reads goes through one of these parsers, each reading through
 * `readRequestBody` (the route's size limit: larger is a 413 naming the limit) and each refusing
 * what it cannot read with a 400 naming the field. JSON is measured for nesting before it is
 * parsed, so neither the parser, nor validation, nor a handler ever walks a body nested deeper
 * than MAX_JSON_DEPTH. Forms (multipart/form-data) stream to `readUploadedFile` instead.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as it arrived, for routes that check a signature over it (webhooks). */
    rawBody?: string;
  }
}

/** Routes whose senders sign the exact bytes of the body. */
const SIGNED_BODY = '/api/ingest/v1/webhooks/';

export const bodyParsers = fp(async (app: FastifyInstance) => {
  // Fastify's own parser, for what it checks after parsing (`__proto__` and `constructor` keys).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  const strictParse = (request: FastifyRequest) => (text: string) => {
    let parsed: unknown;
    let failure: Error | null = null;
    defaultJson(request, text, (error, body) => {
      failure = error;
      parsed = body;
    });
    if (failure) throw failure;
    return parsed;
  };

  app.removeContentTypeParser(['application/json', 'text/plain']);

  app.addContentTypeParser('application/json', async (request: FastifyRequest, payload: Readable) => {
    const text = (await readRequestBody(request, payload, 'body')).toString('utf8');
    if (text.trim() === '') throw badRequest('body', 'is empty: send a JSON value');
    if (request.routeOptions.url?.startsWith(SIGNED_BODY)) request.rawBody = text;
    return parseBoundedJson(text, 'body', strictParse(request));
  });

  app.addContentTypeParser('text/plain', async (request: FastifyRequest, payload: Readable) =>
    (await readRequestBody(request, payload, 'body')).toString('utf8'),
  );

  // Log ingest: one JSON object a line, each measured before it is parsed.
  app.addContentTypeParser('application/x-ndjson', async (request: FastifyRequest, payload: Readable) =>
    parseNdjson((await readRequestBody(request, payload, 'body')).toString('utf8')),
  );

  // Uploaded files (sandbox analysis) as raw bytes.
  app.addContentTypeParser('application/octet-stream', async (request: FastifyRequest, payload: Readable) =>
    readRequestBody(request, payload, 'file'),
  );
});
