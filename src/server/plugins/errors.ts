import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, type FieldIssue } from '../errors.ts';

/** Turns every failure into the contract's error shape with the right status. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError & { validation?: unknown[] }, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      });
    }
    if (error.validation) {
      const details = validationIssues(error as FastifyError & { validation: AjvIssue[] });
      return reply.status(400).send({
        error: {
          code: 'bad_request',
          message: details.map((d) => `${d.field}: ${d.reason}`).join('; '),
          details,
        },
      });
    }
    // A number the schema let through that its column cannot hold (an int4 version of 2^40), or
    // cannot read at all (an id of 1e400, which arrives as Infinity).
    if (sqlStateOf(error) === '22003' || sqlStateOf(error) === '22P02') {
      return reply.status(400).send({
        error: {
          code: 'bad_request',
          message: 'A number in the request is out of range.',
          details: [{ field: error.validationContext ?? 'request', reason: 'is out of range' }],
        },
      });
    }
    // A database or driver error is never the caller's fault, whatever status it carries.
    const status = isInternal(error) ? 500 : (error.statusCode ?? 500);
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
    }
    const code =
      status === 401
        ? 'unauthorized'
        : status === 429
          ? 'rate_limited'
          : status === 413
            ? 'too_large'
            : 'bad_request';
    return reply.status(status).send({ error: { code, message: error.message } });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}.` },
    }),
  );
});

/**
 * Errors whose text is the server's own (a statement and its parameters, a driver's reason):
 * logged, never answered. Fastify's own request errors (bad JSON, wrong media type, too large)
 * speak of the request and are answered as they are.
 */
function isInternal(error: Error & { code?: unknown; cause?: unknown }): boolean {
  if (typeof error.code === 'string' && error.code.startsWith('FST_')) return false;
  if (error.name === 'DrizzleQueryError' || /^Failed query:/.test(error.message)) return true;
  const cause = error.cause as { code?: unknown; severity?: unknown } | undefined;
  const sqlState = (value: unknown) => typeof value === 'string' && /^[0-9A-Z]{5}$/.test(value);
  return (
    (sqlState(error.code) && 'severity' in error) ||
    (cause !== undefined && sqlState(cause.code) && 'severity' in cause)
  );
}

function sqlStateOf(error: Error & { code?: unknown; cause?: unknown }): string | null {
  for (const candidate of [error, error.cause as { code?: unknown } | undefined]) {
    if (candidate && typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate.code;
  }
  return null;
}

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Names the offending field for each schema violation, e.g. `query.statuses[0]: must be one of new, open, …`. */
function validationIssues(
  error: FastifyError & { validation: AjvIssue[]; validationContext?: string },
): FieldIssue[] {
  const where = error.validationContext ?? 'body';
  return error.validation.map((issue) => {
    let path = issue.instancePath
      .replace(/^\//, '')
      .replace(/\/(\d+)/g, '[$1]')
      .replace(/\//g, '.');
    if (issue.keyword === 'required')
      path = [path, String(issue.params.missingProperty)].filter(Boolean).join('.');
    if (issue.keyword === 'additionalProperties')
      path = [path, String(issue.params.additionalProperty)].filter(Boolean).join('.');
    const field = `${where}${path ? `.${path}` : ''}`;
    const reason =
      issue.keyword === 'enum'
        ? `must be one of ${(issue.params.allowedValues as unknown[]).join(', ')}`
        : issue.keyword === 'additionalProperties'
          ? 'is not a known field'
          : (issue.message ?? 'is invalid');
    return { field, reason };
  });
}
