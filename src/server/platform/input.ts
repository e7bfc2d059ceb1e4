import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

/**
 * PostgreSQL refuses the NUL character in text and jsonb, so text carrying one would fail deep
 * inside a query as a 500. This finds the first such string in a request's query, path and body
 * and answers 400 naming it (`body.tags[2]`, `querystring.query`), before any query runs. Used
 * by the case and mute handlers.
 */
export function rejectNulCharacters(request: FastifyRequest): void {
  const parts: [string, unknown][] = [
    ['querystring', request.query],
    ['params', request.params],
    ['body', request.body],
  ];
  for (const [where, value] of parts) {
    const path = nulPath(value, where, 0);
    if (path) throw badRequest(path, 'must not contain the NUL character');
  }
}

/** Deeper than this is not walked: the body limit keeps requests small, and this keeps it cheap. */
const MAX_DEPTH = 64;

function nulPath(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\0')}`;
    const found = nulPath(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}
