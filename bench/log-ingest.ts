/**
 * Log ingest throughput: events per second through the real HTTP endpoint (POST
 * /api/ingest/v1/events, NDJSON batches, several shippers at once, over a socket) against a
 * plain multi-row INSERT of the same events into the same table in the same run (the floor the
 * endpoint cannot beat: no HTTP, no parsing, no token check, no row-level security).
 *
 *   npx tsx bench/log-ingest.ts                        # 50 000 events, batches of 1 000, 4 shippers
 *   BENCH_EVENTS=1000000 BENCH_BATCH=5000 npx tsx bench/log-ingest.ts
 *   BENCH_NO_TRIGRAM=1 drops the trigram index of contains-searches first (its upkeep's cost)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres (default) picks the server;
 *   a database watchfloor_bench_ingest is made there and dropped after.
 *
 * Target (issue 11): at least 10 000 events/s on PostgreSQL on 2 cores.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { customers, ingestTokens, partners } from '../src/server/db/schema/index.ts';
import { hashSecret, newSecret } from '../src/server/platform/secrets.ts';
import { admin, PG_URL } from './lib/postgres-admin.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1_000);
const SHIPPERS = Number(process.env.BENCH_SHIPPERS ?? 4);
const NAME = 'watchfloor_bench_ingest';

function event(i: number): Record<string, unknown> {
  return {
    '@timestamp': new Date(Date.now() - (i % 3600) * 1000).toISOString(),
    host: `HOST-${i % 200}`,
    user: `user${i % 500}`,
    src_ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    EventID: [4624, 4625, 4634, 4688][i % 4],
    level: i % 10 === 0 ? 'warning' : 'info',
    message: `An account event ${i} for user${i % 500} on HOST-${i % 200}`,
    LogonType: i % 11,
  };
}

async function main() {
  await admin(`drop database if exists ${NAME} with (force)`);
  await admin(`create database ${NAME}`);
  const url = new URL(PG_URL);
  url.pathname = `/${NAME}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
  // BENCH_NO_TRIGRAM=1: without the contains-search index, to see what its upkeep costs ingest.
  if (process.env.BENCH_NO_TRIGRAM === '1')
    await database.db.execute(sql`drop index log_events_raw_trgm_idx`);
  try {
    const [partner] = await database.db.insert(partners).values({ name: 'Bench MSSP' }).returning();
    const [customer] = await database.db
      .insert(customers)
      .values({ partnerId: partner!.partnerId, name: 'Bench customer', hasSubscription: true })
      .returning();
    const secret = newSecret();
    const tokenId = randomUUID();
    await database.db.insert(ingestTokens).values({
      tokenId,
      customerId: customer!.customerId,
      name: 'bench',
      source: 'windows',
      secretHash: hashSecret(secret),
    });
    const config = loadConfig({
      PORT: '0',
      LOG_LEVEL: process.env.BENCH_LOG ?? 'silent',
      WATCHFLOOR_DATA: 'memory://',
      INGEST_MAX_IN_FLIGHT: String(SHIPPERS),
    });
    const app = await buildApp(config, database, process.env.BENCH_LOG ? {} : { logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const batches: string[] = [];
    for (let start = 0; start < EVENTS; start += BATCH) {
      const lines: string[] = [];
      for (let i = start; i < Math.min(EVENTS, start + BATCH); i++) lines.push(JSON.stringify(event(i)));
      batches.push(lines.join('\n'));
    }

    // HTTP: SHIPPERS concurrent senders, each posting the next batch when its last one is stored.
    let next = 0;
    let refused = 0;
    const httpStarted = performance.now();
    await Promise.all(
      Array.from({ length: SHIPPERS }, async () => {
        while (next < batches.length) {
          const body = batches[next++]!;
          for (;;) {
            const response = await fetch(`${address}/api/ingest/v1/events`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${tokenId}.${secret}`,
                'content-type': 'application/x-ndjson',
              },
              body,
            });
            if (response.status === 200) break;
            if (response.status !== 429)
              throw new Error(`ingest answered ${response.status}: ${await response.text()}`);
            refused++;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      }),
    );
    const httpSeconds = (performance.now() - httpStarted) / 1000;

    // Baseline: the same events as plain multi-row INSERTs (system connection, same batch size).
    const rows = Array.from({ length: EVENTS }, (_, i) => event(i));
    const rawStarted = performance.now();
    for (let start = 0; start < EVENTS; start += BATCH) {
      const chunk = rows.slice(start, start + BATCH);
      const values = chunk.map(
        (e) =>
          sql`(${customer!.customerId}::uuid, ${e['@timestamp']}::timestamptz, 'windows', ${e.host}, ${e.src_ip}::inet, null, ${e.user}, ${e.EventID}, ${e.level}, ${e.message}, ${JSON.stringify(e)}::jsonb, ${JSON.stringify(e).length})`,
      );
      await database.db.execute(sql`insert into log_events
        (customer_id, time, source, host, src_ip, dst_ip, user_name, event_id, severity, message, raw, raw_bytes)
        values ${sql.join(values, sql`, `)}`);
    }
    const rawSeconds = (performance.now() - rawStarted) / 1000;

    const httpRate = EVENTS / httpSeconds;
    const rawRate = EVENTS / rawSeconds;
    console.log(`\nLog ingest on PostgreSQL: ${EVENTS} events, batches of ${BATCH}, ${SHIPPERS} shippers`);
    console.log(
      `  HTTP ingest (NDJSON)        ${httpRate.toFixed(0).padStart(8)} events/s  (${refused} batches refused with 429 and sent again)`,
    );
    console.log(`  plain multi-row INSERT      ${rawRate.toFixed(0).padStart(8)} events/s`);
    console.log(
      `  ratio HTTP / INSERT         ${(httpRate / rawRate).toFixed(2)}   target HTTP >= 10 000 events/s`,
    );
    await app.close();
  } finally {
    await database.close();
    await admin(`drop database if exists ${NAME} with (force)`);
  }
}

await main();
