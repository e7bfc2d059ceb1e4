/**
 * A lookalike scan of one domain with every fuzzer against a local DNS server (dns2 on
 * 127.0.0.1): candidates per second, with the server's raw query rate (one A query per name,
 * same concurrency) measured in the same run as the baseline. No database: this is the DNS-bound
 * part of `scan-lookalikes`; writing the few registered lookalikes is small beside it.
 *   npx tsx bench/domain-scan.ts [domain]    (default example-bank.com)
 */
import { writeFileSync } from 'node:fs';
import { DnsClient, generateCandidates, observeCandidates } from '../src/server/areas/domains/index.ts';
import { startLocalDns, type Zone } from '../tests/helpers/local-dns.ts';

const DOMAIN = process.argv[2] ?? 'example-bank.com';
const RUNS = 3;
const CONCURRENCY = 32;

const candidates = generateCandidates(DOMAIN);
const zones = new Map<string, Zone>();
// One candidate in 25 registered, as real scans of a well-known brand find.
candidates.forEach((c, i) => {
  if (i % 25 === 0)
    zones.set(c.name, { A: ['192.0.2.10'], NS: ['ns1.parking.example'], MX: [`mail.${c.name}`] });
});
const dns = await startLocalDns(zones);

async function pool<T>(items: readonly T[], fn: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const baseline: number[] = [];
const scan: { candidatesPerSecond: number; queriesPerSecond: number; queriesPerCandidate: number }[] = [];
for (let run = 0; run < RUNS; run++) {
  const raw = new DnsClient(dns.address, { timeoutMs: 2000, tries: 1 });
  let started = performance.now();
  await pool(candidates, (c) => raw.resolve(c.name, 'A'));
  baseline.push(raw.queries / ((performance.now() - started) / 1000));

  const client = new DnsClient(dns.address, { timeoutMs: 2000, tries: 1 });
  started = performance.now();
  const observations = await observeCandidates(candidates, client, null, CONCURRENCY);
  const seconds = (performance.now() - started) / 1000;
  const registered = observations.filter((o) => o.outcome === 'registered').length;
  if (registered !== zones.size) throw new Error(`expected ${zones.size} registered, saw ${registered}`);
  scan.push({
    candidatesPerSecond: candidates.length / seconds,
    queriesPerSecond: client.queries / seconds,
    queriesPerCandidate: client.queries / candidates.length,
  });
}
await dns.close();

const result = {
  domain: DOMAIN,
  candidates: candidates.length,
  registered: zones.size,
  concurrency: CONCURRENCY,
  baselineQueriesPerSecond: Math.round(median(baseline)),
  scanCandidatesPerSecond: Math.round(median(scan.map((s) => s.candidatesPerSecond))),
  scanQueriesPerSecond: Math.round(median(scan.map((s) => s.queriesPerSecond))),
  queriesPerCandidate: Number(median(scan.map((s) => s.queriesPerCandidate)).toFixed(2)),
};
console.log(
  `\nLookalike scan of ${DOMAIN}: ${result.candidates} candidates, ${result.registered} registered`,
);
console.log(`  raw DNS (A only)        ${result.baselineQueriesPerSecond} queries/s  (baseline)`);
console.log(
  `  scan (A, AAAA, NS, MX)  ${result.scanCandidatesPerSecond} candidates/s, ${result.scanQueriesPerSecond} queries/s (${(result.scanQueriesPerSecond / result.baselineQueriesPerSecond).toFixed(2)}x baseline), ${result.queriesPerCandidate} queries a candidate`,
);
writeFileSync(new URL('./results/domain-scan.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
