/**
 * Webhook alerts per second on PostgreSQL: signed deliveries posted over HTTP to a webhook
 * integration (signature, replay record, JSONata mapping, tenant mapping, the raiser's reach,
 * then the alert path), against `createAlertRecord` called directly in the same run with the
 * same alerts (one scoped transaction each, as the webhook makes). Target: within 1.5x.
 * Runs alternate (direct, webhook, direct, webhook) and the better of each is compared.
 *
 *   npx tsx bench/webhook-alerts.ts                        # 1 000 alerts a run, 8 senders
 *   BENCH_ALERTS=5000 BENCH_SENDERS=16 npx tsx bench/webhook-alerts.ts
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a database
 *   watchfloor_bench_webhook is made there and dropped after.
 */
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { createAlertRecord } from '../src/server/areas/alerts/index.ts';
import { signDelivery } from '../src/server/areas/integrations/index.ts';
import { reachNow } from '../src/server/auth/reach-now.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { withScope } from '../src/server/db/tenancy.ts';
import { insertFixtures } from '../tests/helpers/fixtures.ts';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 1000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 8);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = 'watchfloor_bench_webhook';
const SECRET = 'bench-signing-secret-of-enough-length-0123';

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs `work(i)` for i in [0, n) with `senders` at once; answers alerts per second. */
async function rate(n: number, senders: number, work: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: senders }, async () => {
      while (next < n) await work(next++);
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

const alertOf = (run: string, i: number) => ({
  tenant: 'bench-tenant',
  title: `Bench alert ${run} ${i}`,
  type: 'webhook',
  priority: ['low', 'medium', 'high'][i % 3],
  host_name: `HOST-${i % 50}`,
  fields: { src_ip: `10.0.${(i >> 8) & 255}.${i & 255}`, rule: `R-${i % 20}` },
});

async function main() {
  await admin(`drop database if exists ${NAME} with (force)`);
  await admin(`create database ${NAME}`);
  const url = new URL(PG_URL);
  url.pathname = `/${NAME}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
  try {
    const db = database.db;
    const fixtures = await insertFixtures(db);
    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' });
    const app = await buildApp(config, database, { logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = (await app.sessionTokens.issue(fixtures.analyst.contactId)).access_token;
    const call = async (method: string, path: string, payload?: unknown) => {
      const response = await app.inject({
        method: method as 'POST',
        url: path,
        headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': 'x' },
        cookies: { 'XSRF-TOKEN': 'x' },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (response.statusCode >= 300) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const base = '/api/integrations/v1/integrations';
    const { id } = await call('POST', base, {
      kind: 'webhook',
      name: 'Bench webhook',
      settings: { tenant: 'tenant' },
      secrets: { signing_secret: SECRET },
    });
    await call('POST', `${base}/${id}/validate`);
    await call('POST', `${base}/${id}/mappings`, {
      customer_id: fixtures.acme.customerId,
      external_id: 'bench-tenant',
    });

    const reach = await reachNow(db, { userId: fixtures.analyst.contactId });
    if (!reach.active) throw new Error('the bench user has no reach');
    const principal = reach.principal;
    const direct = (run: string) =>
      rate(ALERTS, SENDERS, async (i) => {
        const a = alertOf(run, i);
        await withScope(db, principal.scope, (tx) =>
          createAlertRecord(tx, principal, {
            customerId: fixtures.acme.customerId,
            title: a.title,
            type: a.type,
            priority: a.priority,
            hostName: a.host_name,
            fields: a.fields,
            integrationId: id,
          }),
        );
      });
    const webhook = (run: string) =>
      rate(ALERTS, SENDERS, async (i) => {
        const body = JSON.stringify(alertOf(run, i));
        const timestamp = String(Math.floor(Date.now() / 1000));
        const response = await fetch(`${address}/api/ingest/v1/webhooks/${id}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-watchfloor-timestamp': timestamp,
            'x-watchfloor-signature': signDelivery(SECRET, timestamp, body),
          },
          body,
        });
        if (response.status !== 201) throw new Error(`webhook: ${response.status} ${await response.text()}`);
      });

    // Warm up both paths (connections, compiled expressions, plans).
    await direct('warm');
    await webhook('warm');
    const directRates = [await direct('d1')];
    const webhookRates = [await webhook('w1')];
    directRates.push(await direct('d2'));
    webhookRates.push(await webhook('w2'));
    const bestDirect = Math.max(...directRates);
    const bestWebhook = Math.max(...webhookRates);
    const ratio = bestDirect / bestWebhook;
    const fmt = (n: number) => n.toFixed(0);
    console.log(`webhook alerts, ${ALERTS} a run, ${SENDERS} senders, PostgreSQL`);
    console.log(`  alert path directly: ${directRates.map(fmt).join(' and ')} alerts/s`);
    console.log(`  signed webhook (HTTP): ${webhookRates.map(fmt).join(' and ')} alerts/s`);
    console.log(
      `  direct / webhook: ${ratio.toFixed(2)}x (target <= 1.5x: ${ratio <= 1.5 ? 'met' : 'missed'})`,
    );
    await app.close();
  } finally {
    await database.close();
    await admin(`drop database if exists ${NAME} with (force)`);
  }
}

await main();
