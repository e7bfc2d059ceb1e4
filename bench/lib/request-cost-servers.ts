/**
 * The two servers `bench/request-cost.ts` loads, each in its own process so the load generator,
 * the console and the baseline never share an event loop:
 *
 *   app   the whole console (buildApp) on an in-memory PGlite, or on the PostgreSQL database
 *         named after `app` (an empty one: it is migrated here), with one analyst, logging at the
 *         configured level (LOG_LEVEL, default info) to stdout as in production;
 *   bare  Fastify with no plugins and no logger, answering the same routes with the same payloads;
 *   refusing  bare Fastify answering GET /api/user/ with the console's 401 (bench/flood.ts).
 *
 * Each listens on a free port and tells its parent over IPC what it serves.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { customers, partners, users } from '../../src/server/db/schema/index.ts';

export interface Served {
  port: number;
  token?: string;
}

/** What the bare server must answer, as the console answered it. */
export interface Payloads {
  staticPath: string;
  staticFile: string;
  staticType: string;
  health: string;
  user: string;
  sessions: string;
}

// Over IPC to bench/request-cost.ts; on stderr when started by hand (e.g. under --cpu-prof).
const send = (message: unknown) =>
  process.send ? process.send(message) : console.error(JSON.stringify(message));
// Exit cleanly on a signal, so `node --cpu-prof` writes its profile.
process.once('SIGTERM', () => process.exit(0));
process.once('SIGINT', () => process.exit(0));
// CPU time used so far, so the bench can charge each request its share even on a busy machine.
process.on('message', (message) => {
  if (message === 'cpu') send({ cpu: process.cpuUsage() });
});

async function serveApp(databaseUrl: string | undefined) {
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const [partner] = await database.db.insert(partners).values({ name: 'Bench MSSP' }).returning();
  await database.db.insert(customers).values({ partnerId: partner!.partnerId, name: 'Bench Customer' });
  const [analyst] = await database.db
    .insert(users)
    .values({
      partnerId: partner!.partnerId,
      email: 'analyst@bench.example',
      firstName: 'Ana',
      lastName: 'Lyst',
      roleLevel: 'Global',
      permissions: ['global_user', 'read_all', 'modify_all'],
    })
    .returning();
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    WATCHFLOOR_DATA: 'memory://',
    DATABASE_URL: databaseUrl ?? '',
  });
  const app = await buildApp(config, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const token = (await app.sessionTokens.issue(analyst!.contactId)).access_token;
  send({ port: portOf(app.server.address()), token } satisfies Served);
}

async function serveBare(payloads: Payloads) {
  const app = Fastify();
  const json = (body: string) => (_request: unknown, reply: { type(t: string): { send(b: string): void } }) =>
    reply.type('application/json; charset=utf-8').send(body);
  const file = readFileSync(payloads.staticFile);
  app.get(payloads.staticPath, (_request, reply) => reply.type(payloads.staticType).send(file));
  app.get('/api/health', json(payloads.health));
  app.get('/api/user/', json(payloads.user));
  app.get('/api/profile/sessions', json(payloads.sessions));
  await app.listen({ port: 0, host: '127.0.0.1' });
  send({ port: portOf(app.server.address()) } satisfies Served);
}

/** Bare Fastify refusing every GET /api/user/ with the console's 401: the flood's own ceiling. */
async function serveRefusing() {
  const app = Fastify();
  const refusal = JSON.stringify({ error: { code: 'unauthorized', message: 'Your session has timed out.' } });
  app.get('/api/user/', (_request, reply) =>
    reply.status(401).type('application/json; charset=utf-8').send(refusal),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  send({ port: portOf(app.server.address()) } satisfies Served);
}

function portOf(address: ReturnType<import('node:net').Server['address']>): number {
  if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
  return address.port;
}

const which = process.argv[2];
if (which === 'app') await serveApp(process.argv[3]);
else if (which === 'bare') await serveBare(JSON.parse(process.argv[3]!) as Payloads);
else if (which === 'refusing') await serveRefusing();
else throw new Error(`usage: request-cost-servers.ts app [postgres://…] | bare <payloads> | refusing`);
