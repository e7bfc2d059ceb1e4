/**
 * Bulk threat look-up to CSV: N mixed indicators (IPs, domains, hashes, URLs, e-mail addresses,
 * some defanged, some repeated) sent as one plain-text file to POST /api/threat/bulk?format=csv
 * over a socket, against the floor measured in the same run on the same database: the same
 * values' verdicts read with plain SQL in chunks of 500 and written with the same CSV writer
 * (no HTTP, no refanging or classifying, no row-level security, no sightings recorded).
 *
 *   npx tsx bench/threat-bulk.ts                 # 1 000 indicators
 *   BENCH_INDICATORS=10000 npx tsx bench/threat-bulk.ts
 *
 * Runs on embedded PGlite (the default deployment).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { and, eq, inArray, or } from 'drizzle-orm';
import { toCsv } from '../src/common/csv.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { threatIndicators } from '../src/server/db/schema/index.ts';
import { insertFixtures } from '../tests/helpers/fixtures.ts';
import { percentile, report, timeRuns } from './lib/stats.ts';

const N = Number(process.env.BENCH_INDICATORS ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const hex = (i: number, length: number) => i.toString(16).padStart(8, '0').repeat(8).slice(0, length);

/** The i-th line of the file: a mix like an incident channel's, a fifth of it known to the store. */
function line(i: number): string {
  switch (i % 6) {
    case 0:
      return `198.51.${(i >> 8) & 255}.${i & 255}`;
    case 1:
      return `host-${i}.bench[.]example`;
    case 2:
      return hex(i, [32, 40, 64][i % 3]!);
    case 3:
      return `hxxps://cdn-${i}.bench.example/path/${i}`;
    case 4:
      return `user${i}@bench.example`;
    default:
      return i % 12 === 5
        ? `198.51.${((i - 5) >> 8) & 255}.${(i - 5) & 255}`
        : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  }
}

async function main() {
  const database = await openDatabase({ dataDir: 'memory://' });
  const fixtures = await insertFixtures(database.db);
  const lines = Array.from({ length: N }, (_, i) => line(i));
  // A fifth of the IPs and domains known bad, as a feed would have them.
  const known = lines.flatMap((l, i) =>
    i % 5 === 0 && (i % 6 === 0 || i % 6 === 1)
      ? [
          {
            kind: i % 6 === 0 ? 'ip' : 'domain',
            value: l.replace('[.]', '.'),
            det: 'B',
            risk: 80,
            source: 'bench',
          },
        ]
      : [],
  );
  for (let i = 0; i < known.length; i += 1000)
    await database.db
      .insert(threatIndicators)
      .values(known.slice(i, i + 1000))
      .onConflictDoNothing();

  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WATCHFLOOR_DATA: 'memory://' });
  const app = await buildApp(config, database, { logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = (await app.sessionTokens.issue(fixtures.analyst.contactId)).access_token;
  const file = lines.join('\n');
  let rows = 0;

  const endpoint = await timeRuns(
    async () => {
      const response = await fetch(`${address}/api/threat/bulk?format=csv`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'text/plain; charset=utf-8',
          'x-xsrf-token': 'bench',
          cookie: 'XSRF-TOKEN=bench',
        },
        body: file,
      });
      const csv = await response.text();
      if (!response.ok) throw new Error(`${response.status}: ${csv.slice(0, 300)}`);
      rows = csv.trimEnd().split('\r\n').length - 1;
    },
    RUNS,
    1,
  );

  // The floor: the same values' verdicts straight from the table, then the same CSV writer.
  const lookups = lines.map((l, i) => ({
    kind: i % 6 === 0 || i % 6 === 5 ? 'ip' : i % 6 === 2 ? 'file' : 'domain',
    value: l.replace('[.]', '.').replace(/^hxxps:\/\/([^/]+).*$/, '$1'),
  }));
  const baseline = await timeRuns(
    async () => {
      const found = new Map<string, typeof threatIndicators.$inferSelect>();
      for (let i = 0; i < lookups.length; i += 500) {
        const chunk = lookups.slice(i, i + 500);
        const byKind = (['ip', 'domain', 'file'] as const).map((kind) => {
          const values = chunk.filter((l) => l.kind === kind).map((l) => l.value);
          return values.length
            ? and(eq(threatIndicators.kind, kind), inArray(threatIndicators.value, values))
            : undefined;
        });
        for (const r of await database.db
          .select()
          .from(threatIndicators)
          .where(or(...byKind)))
          found.set(`${r.kind} ${r.value}`, r);
      }
      toCsv(
        ['kind', 'value', 'det', 'risk', 'source'],
        lookups.map((l) => {
          const r = found.get(`${l.kind} ${l.value}`);
          return [l.kind, l.value, r?.det ?? 'U', r?.risk ?? 0, r?.source ?? ''];
        }),
      );
    },
    RUNS,
    1,
  );

  const figure = (sample: number[]) => ({ p50: percentile(sample, 50), p95: percentile(sample, 95) });
  const api = figure(endpoint);
  const floor = figure(baseline);
  report(`Bulk threat look-up to CSV: ${N} lines (${rows} distinct indicators), PGlite, ${RUNS} runs`, [
    { name: 'SQL verdicts + CSV writer (baseline)', ...floor },
    { name: 'POST /api/threat/bulk?format=csv', ...api, baselineP95: floor.p95 },
  ]);
  console.log(`  indicators/s through the endpoint (p50): ${Math.round((rows / api.p50) * 1000)}`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/threat-bulk-${N}.json`,
    `${JSON.stringify({ indicators: N, distinct: rows, runs: RUNS, endpoint: api, baseline: floor, at: new Date().toISOString() }, null, 2)}\n`,
  );
  await app.close();
  await database.close();
}

await main();
