import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors.ts';
import { isApiRoute } from './api-route.ts';

/** Finds the first string holding a NUL character, which PostgreSQL cannot store in text. */
function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${path}[${i}]`);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\0')}`;
      const hit = findNul(inner, `${path}.${key}`);
      if (hit) return hit;
    }
  }
  return null;
}

/** Refuses input the database would refuse later, so it is a clear 400 and never a 500. */
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
