import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Content types of what the web build emits; text types are UTF-8. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

/** Vite names everything under assets/ by its content hash, so it never changes under its name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0';

interface WebFile {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function load(root: string, path: string): WebFile {
  const body = readFileSync(path);
  const inAssets = relative(root, path).startsWith(`assets${sep}`);
  return {
    body,
    type: TYPES[extname(path)] ?? 'application/octet-stream',
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    cacheControl: inAssets ? IMMUTABLE : REVALIDATE,
  };
}

function send(request: FastifyRequest, reply: FastifyReply, file: WebFile, cacheControl = file.cacheControl) {
  reply.header('cache-control', cacheControl).header('etag', file.etag);
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  return reply.type(file.type).send(file.body);
}

/**
 * Serves the built web app from memory: the build does not change while the server runs, so each
 * file is read, typed and hashed once at start, and a request costs no file system calls. Every
 * other GET path outside /api and /idp gets index.html: the app's router renders it, including
 * "page not found".
 */
export async function webAppPlugin(app: FastifyInstance, options: { root: string }) {
  const files = new Map(filesUnder(options.root).map((path) => [path, load(options.root, path)]));
  const index = files.get(join(options.root, 'index.html'));
  for (const [path, file] of files) {
    const url = `/${relative(options.root, path).split(sep).join('/')}`;
    app.get(url, (request, reply) => send(request, reply, file));
  }
  app.get<{ Params: { '*': string } }>('/*', (request, reply) => {
    // The router's decoded path, so `/%61pi/…` is an API path here too, not a page.
    if (!index || /^(api|idp)(\/|$)/.test(request.params['*'])) return reply.callNotFound();
    return send(request, reply, index, 'no-cache');
  });
}
