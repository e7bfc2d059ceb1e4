import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors.ts';
import { isApiRoute } from './api-route.ts';

/**
 * Finds the first string holding a NUL character, which PostgreSQL cannot store in text. Walks
 * with its own stack rather than recursion, so no shape of input can exhaust the call stack.
 */
function findNul(root: unknown, rootPath: string): string | null {
  const pending: [unknown, string][] = [[root, rootPath]];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push([value[i], `${path}[${i}]`]);
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value);
      for (const [key] of entries)
        if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\0')}`;
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        pending.push([inner, `${path}.${key}`]);
      }
    }
  }
  return null;
}

/**
 * Refuses input the database would refuse later, so it is a clear 400 and never a 500. Bodies
 * reach this already bounded in size and depth (plugins/body-parsers.ts).
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (!isApiRoute(request)) return;
    const field =
      findNul(request.query, 'querystring') ??
      findNul(request.params, 'params') ??
      findNul(request.body, 'body');
    if (field) throw badRequest(field, 'must not contain the NUL character');
  });
});
