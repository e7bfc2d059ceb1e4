import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import { AREAS } from './areas/index.ts';
import { dropCachedVerdicts } from './areas/threat/index.ts';
import { type BearerFailureLimits, BearerFailures } from './auth/bearer-failures.ts';
import { OidcRelyingParty } from './auth/oidc-client.ts';
import { sharedSecret } from './auth/server-secrets.ts';
import { SessionPrincipals } from './auth/session-principals.ts';
import { SessionTokens } from './auth/session-tokens.ts';
import type { Config } from './config.ts';
import { type CompiledSchemas, compiledSchemaOptions, contractOf } from './contract/compiled-schemas.ts';
import { registerContractRoutes } from './contract/routes.ts';
import type { Database } from './db/client.ts';
import { primaryOnly, type ReadRouter, replicaRouter } from './db/replica.ts';
import { mountEmbeddedIdp } from './idp/mount.ts';
import { loggerOptions } from './logging.ts';
import { testClockRoutes } from './platform/test-clock.ts';
import { authPlugin } from './plugins/auth.ts';
import { bearerGate } from './plugins/bearer-gate.ts';
import { bodyParsers } from './plugins/body-parsers.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputGuard } from './plugins/input-guard.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { xsrfPlugin } from './plugins/xsrf.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    databaseKind: Database['kind'];
    /** Where read-heavy calls read: the replica when configured and current, else the primary (platform/reader.ts). */
    reads: ReadRouter;
    /** Every route registered, method and URL, for the contract test and the docs. */
    routeTable: { method: string; url: string }[];
  }
}

export const webRoot = fileURLToPath(new URL('../../dist/web/', import.meta.url));

// The contract types some values as either of two kinds (`type: [string, number]`), which
// ajv's strict mode would otherwise note on every start.
const AJV = {
  customOptions: {
    removeAdditional: false,
    coerceTypes: 'array',
    allErrors: true,
    allowUnionTypes: true,
  },
} as const;

/** Builds the whole service (API, docs, embedded IdP, web app) without listening. */
export async function buildApp(
  config: Config,
  database: Database,
  options: {
    logger?: boolean;
    logStream?: DestinationStream;
    webRoot?: string;
    /** Invalid bearers an address may send before its calls are refused (plugins/auth.ts). */
    bearerFailureLimits?: BearerFailureLimits;
    /** The contract and its compiled schemas, shared by the apps one process builds (the API tests). */
    compiledSchemas?: CompiledSchemas;
  } = {},
): Promise<FastifyInstance> {
  const logging = loggerOptions(config, options.logStream);
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : logging),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The router's refusals (a path segment over its length, an undecodable one) in the error shape.
    frameworkErrors: (error, _request, router) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const reply = router as unknown as FastifyReply;
      reply.status(tooLong ? 414 : 400).send({
        error: {
          code: tooLong ? 'too_long' : 'bad_request',
          message: tooLong ? 'A part of the address is too long.' : 'The address cannot be read.',
        },
      });
    },
    ...(options.compiledSchemas ? compiledSchemaOptions(options.compiledSchemas, AJV) : { ajv: AJV }),
  });
  app.decorate('config', config);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) app.routeTable.push({ method, url: route.url });
  });
  app.decorate('databaseKind', database.kind);
  const reads =
    config.replica && database.kind === 'postgres'
      ? await replicaRouter(database.db, config.replica, (message) => app.log.warn(message))
      : primaryOnly(database.db);
  app.decorate('reads', reads);
  app.addHook('onClose', () => reads.close());

  await app.register(errorsPlugin);
  await app.register(securityHeaders);
  // Before anything else a call costs: a flooding address is answered from a map look-up, a
  // forged token after its signature check.
  const bearerFailures = new BearerFailures(options.bearerFailureLimits);
  const sessionTokens = await SessionTokens.create(database.db);
  const sessionPrincipals = new SessionPrincipals(database.db, sessionTokens, database.authEpoch);
  await app.register(bearerGate, { failures: bearerFailures, principals: sessionPrincipals });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(xsrfPlugin);
  await app.register(bodyParsers);
  await app.register(inputGuard);
  await app.register(authPlugin, { db: database.db, sessionTokens, sessionPrincipals, bearerFailures });

  const contract = contractOf(options.compiledSchemas);
  app.decorate(
    'relyingParty',
    new OidcRelyingParty(config, async () =>
      config.oidc.external
        ? config.oidc.clientSecret
        : ((await sharedSecret(database.db, 'idp_client_secret')) as string),
    ),
  );
  // WebSockets (the agent terminal's relay): an area's socket plugin gives some of its contract
  // routes a WebSocket handler, before the routes exist; a plain GET of them gets the contract's answer.
  for (const area of AREAS) if (area.sockets) await app.register(area.sockets);
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  await registerContractRoutes(app, contract);
  if (config.testClock) await app.register(testClockRoutes, { db: database.db });
  app.addHook('onClose', async () => dropCachedVerdicts());

  await app.register(swagger, {
    mode: 'static',
    specification: { document: structuredClone(contract) as never },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  if (!config.oidc.external) await mountEmbeddedIdp(app, config, database.db);

  const webFolder = options.webRoot ?? webRoot;
  if (existsSync(webFolder)) await app.register(webAppPlugin, { root: webFolder });
  return app;
}
