import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The server's entry point, run the way `npm start` runs it: node with tsx as its loader. */
const MAIN = fileURLToPath(new URL('../../src/server/main.ts', import.meta.url));

export interface NodeProcess {
  name: string;
  role: 'all' | 'api' | 'worker';
  pid: number;
  /** The API's address (API processes only). */
  base: string;
  syslogPort: number;
  /** Everything the process wrote, for the failure message. */
  output(): string;
  /** SIGKILL: no shutdown, no finished requests, no released jobs. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for it to leave. */
  stop(): Promise<void>;
  /** SIGSTOP: the process stalls (no timer, no socket is served) until `resume`. */
  pause(): void;
  /** SIGCONT: the process runs on from where it stopped. */
  resume(): void;
}

/** Every process started and not yet gone, so a failed start leaves none behind. */
const running = new Set<ChildProcess>();

/** Stops every process still running (SIGTERM, then waits). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => signal(child, 'SIGTERM')));
}

/** A port free right now on 127.0.0.1 (the next process to bind it is the one we start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts one server process on the database: `api` serves HTTP and syslog on its own ports, `worker`
 * runs the job lanes, `all` does both. Resolves once it says it is serving or running jobs.
 */
export async function startNode(
  name: string,
  role: 'all' | 'api' | 'worker',
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<NodeProcess> {
  const serves = role !== 'worker';
  const port = serves ? await freePort() : 0;
  const syslogPort = serves ? await freePort() : 0;
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: databaseUrl,
      WATCHFLOOR_ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      SYSLOG_PORT: String(syslogPort),
      LOG_FORMAT: 'json',
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const ready = serves ? 'Watchfloor is running at' : 'Watchfloor worker is running';
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.includes(ready)) {
        child.stdout!.off('data', check);
        child.off('exit', exited);
        resolve();
      }
    };
    const exited = (code: number | null) =>
      reject(new Error(`${name} exited with ${code} before it was ready:\n${output}`));
    child.stdout!.on('data', check);
    child.once('exit', exited);
  });
  return {
    name,
    role,
    pid: child.pid!,
    base,
    syslogPort,
    output: () => output,
    kill: () => signal(child, 'SIGKILL'),
    stop: () => signal(child, 'SIGTERM'),
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
  };
}

function signal(child: ChildProcess, name: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(name);
  return exited;
}
