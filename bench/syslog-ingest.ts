/**
 * Syslog ingest throughput on PostgreSQL: events per second stored from one TCP connection
 * (octet-counted RFC 5424 frames) and from UDP datagrams (the sender kept at most 200 ahead
 * of storage, drops counted), against the HTTP ingest path (NDJSON batches of 1 000, 4 shippers) with the same
 * events in the same run. Each figure runs until the events are committed (the sink's stored
 * count), so it is the rate of stored events, not of sent bytes.
 *
 *   npx tsx bench/syslog-ingest.ts                         # 20 000 events each way
 *   BENCH_EVENTS=200000 npx tsx bench/syslog-ingest.ts
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a database
 *   watchfloor_bench_syslog is made there and dropped after.
 */
import { randomUUID } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { connect } from 'node:net';
import { buildApp } from '../src/server/app.ts';
import { startSyslogServer } from '../src/server/areas/logs/index.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { customers, ingestTokens, partners, syslogSources } from '../src/server/db/schema/index.ts';
import { hashSecret, newSecret } from '../src/server/platform/secrets.ts';
import { admin, PG_URL } from './lib/postgres-admin.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const NAME = 'watchfloor_bench_syslog';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

const message = (i: number, kind: string) =>
  `<38>1 ${new Date().toISOString()} HOST-${i % 200} sshd ${1000 + (i % 50)} - - ${kind} ${i}: Failed password for user${i % 500} from 10.0.${(i >> 8) & 255}.${i & 255} port 22`;

async function until(done: () => boolean, timeoutMs = 600_000) {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for events to be stored');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function main() {
  await admin(`drop database if exists ${NAME} with (force)`);
  await admin(`create database ${NAME}`);
  const url = new URL(PG_URL);
  url.pathname = `/${NAME}`;
  const database = await openDatabase({ databaseUrl: url.href, dataDir: '' });
  try {
    const db = database.db;
    const [partner] = await db.insert(partners).values({ name: 'Bench MSSP' }).returning();
    const [customer] = await db
      .insert(customers)
      .values({ partnerId: partner!.partnerId, name: 'Bench customer', hasSubscription: true })
      .returning();
    await db
      .insert(syslogSources)
      .values({ customerId: customer!.customerId, name: 'bench', address: '127.0.0.0/8', source: 'syslog' });
    const secret = newSecret();
    const tokenId = randomUUID();
    await db.insert(ingestTokens).values({
      tokenId,
      customerId: customer!.customerId,
      name: 'bench',
      source: 'syslog',
      secretHash: hashSecret(secret),
    });
    const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' });
    const app = await buildApp(config, database, { logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const server = await startSyslogServer(db, { port: 0, host: '127.0.0.1', log: quiet });
    const stored = () => server.sink.counts.stored;

    // TCP: one connection, octet-counted frames, written as fast as the socket takes them (the
    // server pauses the connection while a batch is stored).
    let base = stored();
    let started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const socket = connect(server.tcpPort, '127.0.0.1', async () => {
        for (let i = 0; i < EVENTS; i += 500) {
          const frames: string[] = [];
          for (let j = i; j < Math.min(EVENTS, i + 500); j++) {
            const m = message(j, 'tcp');
            frames.push(`${Buffer.byteLength(m)} ${m}`);
          }
          if (!socket.write(frames.join(''))) await new Promise((r) => socket.once('drain', r));
        }
        socket.end(resolve);
      });
      socket.on('error', reject);
    });
    await until(() => stored() - base >= EVENTS);
    const tcpRate = EVENTS / ((performance.now() - started) / 1000);

    // UDP: bursts of 100 datagrams; what is not stored within a second of the last stored one
    // counts as dropped.
    base = stored();
    const udp = createSocket('udp4');
    started = performance.now();
    for (let i = 0; i < EVENTS; i += 100) {
      // A sender that keeps at most 200 datagrams ahead of storage (about what the kernel's default receive
      // buffer holds): the rate storage sustains, not how fast that buffer overflows.
      while (i - (stored() - base) > 200) await new Promise((r) => setTimeout(r, 1));
      for (let j = i; j < Math.min(EVENTS, i + 100); j++)
        udp.send(message(j, 'udp'), server.udpPort, '127.0.0.1');
      await new Promise((r) => setImmediate(r));
    }
    let last = stored();
    let lastAt = performance.now();
    while (stored() - base < EVENTS && performance.now() - lastAt < 1000) {
      await new Promise((r) => setTimeout(r, 5));
      if (stored() !== last) {
        last = stored();
        lastAt = performance.now();
      }
    }
    const udpStored = stored() - base;
    const udpRate = udpStored / ((lastAt - started) / 1000);
    udp.close();

    // HTTP: the same messages' fields as NDJSON, batches of 1 000, 4 shippers.
    const batches: string[] = [];
    for (let i = 0; i < EVENTS; i += 1000) {
      const lines: string[] = [];
      for (let j = i; j < Math.min(EVENTS, i + 1000); j++)
        lines.push(
          JSON.stringify({
            '@timestamp': new Date().toISOString(),
            host: `HOST-${j % 200}`,
            program: 'sshd',
            message: `http ${j}: Failed password for user${j % 500} from 10.0.${(j >> 8) & 255}.${j & 255} port 22`,
          }),
        );
      batches.push(lines.join('\n'));
    }
    let next = 0;
    started = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
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
            if (response.status !== 429) throw new Error(`ingest answered ${response.status}`);
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      }),
    );
    const httpRate = EVENTS / ((performance.now() - started) / 1000);

    console.log(
      `\nSyslog ingest on PostgreSQL: ${EVENTS} events each way, stored (committed) events per second`,
    );
    console.log(`  HTTP ingest (NDJSON, baseline)  ${httpRate.toFixed(0).padStart(8)} events/s`);
    console.log(
      `  syslog TCP (octet counting)     ${tcpRate.toFixed(0).padStart(8)} events/s  ratio ${(tcpRate / httpRate).toFixed(2)}x`,
    );
    console.log(
      `  syslog UDP                      ${udpRate.toFixed(0).padStart(8)} events/s  ratio ${(udpRate / httpRate).toFixed(2)}x  (${EVENTS - udpStored} of ${EVENTS} dropped)`,
    );
    await server.close();
    await app.close();
  } finally {
    await database.close();
    await admin(`drop database if exists ${NAME} with (force)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
