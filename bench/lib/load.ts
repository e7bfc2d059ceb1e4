/**
 * HTTP load from a separate process: wrk when installed (`apt-get install wrk`), else a small
 * keep-alive client in a child process (load-client.ts). Either way the server under test never
 * shares its event loop with the load.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Load {
  /** Answers received in the run. */
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
}

export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its version.
    return (error as { status?: number }).status === 1;
  }
}

export function generateLoad(options: LoadOptions, useWrk = hasWrk()): Load {
  return useWrk ? wrk(options) : nodeClient(options);
}

function wrk({ url, headers = {}, seconds, connections }: LoadOptions): Load {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const out = execFileSync('wrk', [...args, url], { encoding: 'utf8' });
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (errors) throw new Error(`${url}: ${errors[1]} answers were not 2xx\n${out}`);
  const total = /(\d+) requests in/.exec(out);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  const p50 = /\n\s+50%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99 = /\n\s+99%\s+([\d.]+)(us|ms|s)/.exec(out);
  if (!total || !rps || !p50 || !p99) throw new Error(`cannot read wrk's output:\n${out}`);
  return {
    requests: Number(total[1]),
    requestsPerSecond: Number(rps[1]),
    p50: millis(p50),
    p99: millis(p99),
  };
}

function millis([, value, unit]: RegExpExecArray): number {
  const factor = unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1;
  return Number(value) * factor;
}

function nodeClient(options: LoadOptions): Load {
  const client = fileURLToPath(new URL('./load-client.ts', import.meta.url));
  const run = spawnSync('npx', ['tsx', client, JSON.stringify(options)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`load client failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Load;
}
