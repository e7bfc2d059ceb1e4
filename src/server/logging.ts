import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

/**
 * Query parameters whose values are secrets or let someone finish another person's sign-in:
 * authorization codes, PKCE verifiers and challenges, nonces, state, id_token_hint, tokens,
 * passwords, keys. Matched by name and by suffix (`ingest_token`, `api_key`, …).
 */
const SECRET_QUERY_NAMES = new Set(['code', 'state', 'nonce', 'password', 'secret', 'key', 'token']);
const SECRET_QUERY_SUFFIX = /[_-](code|verifier|challenge|nonce|hint|token|secret|password|key)$/i;
const isSecretQueryName = (name: string) =>
  SECRET_QUERY_NAMES.has(name.toLowerCase()) || SECRET_QUERY_SUFFIX.test(name);

const MASK = '[redacted]';

/** The URL as it may be written to a log: values of secret query parameters masked. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = new URLSearchParams(url.slice(at + 1));
  const masked = [...query].map(([name, value]) =>
    isSecretQueryName(name)
      ? `${encodeURIComponent(name)}=${MASK}`
      : new URLSearchParams([[name, value]]).toString(),
  );
  return `${url.slice(0, at)}?${masked.join('&')}`;
}

/** Field names never written to a log, wherever they appear in a logged object (two levels deep). */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'passwordHash',
  'access_token',
  'id_token',
  'refresh_token',
  'idToken',
  'accessToken',
  'refreshToken',
  'client_secret',
  'clientSecret',
  'code_verifier',
  'codeVerifier',
  'authorization_code',
  'nonce',
  'id_token_hint',
];

/** One terse line per request, after the answer: method, URL without secrets, status, time. */
class TerseRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const ms = Math.round(reply.elapsedTime);
    const line = `${request.method} ${loggableUrl(request.url)} ${reply.statusCode} ${ms} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/**
 * Where logs go: short readable lines on a terminal (pino-pretty), a JSON object a line when
 * stdout is not a terminal or LOG_FORMAT=json, or the given stream (tests capture logs this way).
 */
export function loggerOptions(config: Config, stream?: DestinationStream) {
  const options: LoggerOptions & { stream?: DestinationStream } = {
    level: config.logLevel,
    redact: {
      paths: SECRET_FIELDS.flatMap((field) => [`["${field}"]`, `*["${field}"]`]),
      censor: MASK,
    },
    serializers: {
      req: (request: { method: string; url: string }) => ({
        method: request.method,
        url: loggableUrl(request.url),
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
  if (stream) options.stream = stream;
  else if (config.logFormat === 'pretty') {
    options.stream = pretty({
      colorize: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
      singleLine: true,
    });
  }
  return { logger: options, logController: new TerseRequestLog() };
}
