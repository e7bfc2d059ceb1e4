/**
 * The flood of `bench/flood.ts`: forged console tokens (well-formed JWTs with random signatures)
 * at up to `rate` requests/s over `connections` keep-alive connections for `seconds`, each from
 * one of `addresses` client addresses (X-Forwarded-For, which the console trusts from 127.0.0.1
 * in the bench). Prints how many were sent and what they were answered, as JSON.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';

interface FloodOptions {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  addresses: number;
}

const { url, rate, seconds, connections, addresses } = JSON.parse(process.argv[2]!) as FloodOptions;
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const statuses: Record<string, number> = {};
const started = performance.now();
const deadline = started + seconds * 1000;
let sent = 0;

const forged = () =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: randomUUID(), sid: randomUUID() })).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function once(): Promise<void> {
  return new Promise((resolve) => {
    const n = sent++;
    const headers = { authorization: `Bearer ${forged()}`, 'x-forwarded-for': addressOf(n % addresses) };
    const req = request(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        statuses[response.statusCode ?? 0] = (statuses[response.statusCode ?? 0] ?? 0) + 1;
        resolve();
      });
    });
    req.on('error', () => {
      statuses.error = (statuses.error ?? 0) + 1;
      resolve();
    });
    req.end();
  });
}

/** One connection's share of the rate: waits when ahead of schedule, never sleeps when behind. */
async function connection() {
  const perConnection = rate / connections;
  let own = 0;
  while (performance.now() < deadline) {
    const due = started + (own / perConnection) * 1000;
    const ahead = due - performance.now();
    if (ahead > 0) await new Promise((resolve) => setTimeout(resolve, ahead));
    own += 1;
    await once();
  }
}

await Promise.all(Array.from({ length: connections }, connection));
agent.destroy();
const elapsed = (performance.now() - started) / 1000;
process.stdout.write(JSON.stringify({ sent, perSecond: sent / elapsed, statuses }));
