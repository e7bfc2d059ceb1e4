import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { forwardTrustedView } from './forwarded.ts';
import { interactionRoutes } from './interactions.ts';
import { loadIdpKeys } from './keys.ts';
import { IDP_PREFIX } from './pages.ts';
import { createProvider } from './provider.ts';

/**
 * Mounts the embedded OpenID Connect provider (oidc-provider, a Koa app) under /idp. Our own
 * pages (sign-in, assets, the invalidation alias) are Fastify routes; every other /idp request is
 * handed, untouched, to the provider.
 */
export async function mountEmbeddedIdp(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  const provider = await createProvider(config, db, await loadIdpKeys(db), app.log);
  const handle = provider.callback();
  // The provider believes X-Forwarded-* (provider.proxy); these hold only what TRUST_PROXY allows.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url?.startsWith(`${IDP_PREFIX}/`)) forwardTrustedView(request);
  });

  await app.register(async (scope) => {
    // The provider reads request bodies itself, so this scope must leave the stream unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.all(`${IDP_PREFIX}/*`, (request, reply) => {
      // The provider works on the raw URL: an encoded prefix (`/%69dp/…`) would reach it mangled.
      if (!request.raw.url?.startsWith(`${IDP_PREFIX}/`)) return reply.callNotFound();
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      // oidc-provider derives its mount path from originalUrl minus url (as under Express).
      raw.originalUrl = raw.url;
      raw.url = raw.url?.slice(IDP_PREFIX.length) || '/';
      void handle(raw, reply.raw);
    });
  });
  await app.register(interactionRoutes, { provider, config, db });
}
