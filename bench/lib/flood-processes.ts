/**
 * Starts the flood of forged console tokens (bench/lib/flood-client.ts) in processes of its own,
 * for bench/flood.ts and bench/request-cost.ts, and sums what they did once stopped.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FloodOptions, FloodResult } from './flood-client.ts';

const floodClient = fileURLToPath(new URL('./flood-client.ts', import.meta.url));

export interface FloodPlan {
  port: number;
  /** Calls a second over all processes. */
  rate: number;
  /** Client addresses the calls come from (X-Forwarded-For); 1 for a single address. */
  addresses: number;
  processes: number;
  connections: number;
  depth: number;
  path?: string;
}

export interface FloodTotal {
  sent: number;
  answeredPerSecond: number;
  skipped: number;
  statuses: Record<string, number>;
}

/** The flood's processes, each connected and sending; `stop` ends them and sums what they did. */
export async function startFlood(plan: FloodPlan): Promise<{ stop(): Promise<FloodTotal> }> {
  const children = await Promise.all(
    Array.from({ length: plan.processes }, async (_, i) => {
      const options: FloodOptions = {
        host: '127.0.0.1',
        port: plan.port,
        path: plan.path ?? '/api/user/',
        rate: plan.rate / plan.processes,
        connections: Math.max(1, Math.round(plan.connections / plan.processes)),
        addresses: plan.addresses === 1 ? 1 : plan.addresses / plan.processes,
        firstAddress: plan.addresses === 1 ? 0 : (i * plan.addresses) / plan.processes,
        depth: plan.depth,
      };
      const child = spawn(process.execPath, ['--import', 'tsx', floodClient, JSON.stringify(options)], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
      const ready = await lines.next();
      if (ready.value !== 'ready') throw new Error(`flood process did not start: ${ready.value}`);
      return { child, lines };
    }),
  );
  return {
    async stop() {
      const results = await Promise.all(
        children.map(async ({ child, lines }) => {
          child.stdin!.end();
          const line = await lines.next();
          await once(child, 'close');
          return JSON.parse(line.value as string) as FloodResult;
        }),
      );
      return total(results);
    },
  };
}

function total(results: FloodResult[]): FloodTotal {
  const statuses: Record<string, number> = {};
  for (const result of results)
    for (const [status, count] of Object.entries(result.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  return {
    sent: results.reduce((sum, r) => sum + r.sent, 0),
    answeredPerSecond: results.reduce((sum, r) => sum + r.answered / r.seconds, 0),
    skipped: results.reduce((sum, r) => sum + r.skipped, 0),
    statuses,
  };
}
