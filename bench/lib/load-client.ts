/**
 * The load generator used when wrk is missing: `connections` keep-alive connections, each sending
 * the next request as soon as the last answer arrived, for `seconds`. Prints a Load as JSON.
 */
import { Agent, request } from 'node:http';
import type { Load, LoadOptions } from './load.ts';
import { percentile } from './stats.ts';

const { url, headers = {}, seconds, connections } = JSON.parse(process.argv[2]!) as LoadOptions;
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const latencies: number[] = [];
const deadline = performance.now() + seconds * 1000;

function once(): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        if ((response.statusCode ?? 0) >= 400) reject(new Error(`${url}: ${response.statusCode}`));
        latencies.push(performance.now() - started);
        resolve();
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function connection() {
  while (performance.now() < deadline) await once();
}

const started = performance.now();
await Promise.all(Array.from({ length: connections }, connection));
const elapsed = (performance.now() - started) / 1000;
agent.destroy();
const load: Load = {
  requests: latencies.length,
  requestsPerSecond: latencies.length / elapsed,
  p50: percentile(latencies, 50),
  p99: percentile(latencies, 99),
};
process.stdout.write(JSON.stringify(load));
