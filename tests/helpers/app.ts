import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { compiledSchemas } from '../../src/server/contract/compiled-schemas.ts';
import type { Database } from '../../src/server/db/client.ts';
import { type Backend, freshDatabase } from './database.ts';
import { type Fixtures, insertFixtures } from './fixtures.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  fixtures: Fixtures;
  /** A bearer token for the user, issued directly (the sign-in flow has its own tests). */
  tokenFor(user: { contactId: string }): Promise<string>;
  /** app.inject as that user, with the XSRF cookie and header every browser call carries. */
  as(user: { contactId: string } | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const XSRF = 'test-xsrf-token';
/** Kept by the worker from one test file's app to the next (the API tests' workers keep their modules). */
const schemas = compiledSchemas();

/** Builds the whole app on a fresh database with the fixtures; listen() only when a test needs real HTTP. */
export async function createTestApp(
  backend: Backend,
  env: NodeJS.ProcessEnv = {},
  appOptions: Parameters<typeof buildApp>[2] = { logger: false },
): Promise<TestApp> {
  const database = await freshDatabase(backend);
  const fixtures = await insertFixtures(database.db);
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://', ...env });
  const app = await buildApp(config, database, { compiledSchemas: schemas, ...appOptions });
  await app.ready();
  const tokenFor = async (user: { contactId: string }) =>
    (await app.sessionTokens.issue(user.contactId)).access_token;
  return {
    app,
    database,
    fixtures,
    tokenFor,
    async as(user, options) {
      const headers: Record<string, string> = {
        'x-xsrf-token': XSRF,
        ...(options.headers as Record<string, string>),
      };
      if (user) headers.authorization = `Bearer ${await tokenFor(user)}`;
      return app.inject({ ...options, headers, cookies: { 'XSRF-TOKEN': XSRF, ...options.cookies } });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
