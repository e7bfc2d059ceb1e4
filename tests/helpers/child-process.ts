import { type ChildProcess, spawn } from 'node:child_process';

/** A helper script run under tsx in its own process, for the crash tests to kill. */
export interface Started {
  child: ChildProcess;
  /** What the process printed on the line that said it was ready. */
  said: RegExpExecArray;
}

/**
 * Starts `tsx <script> <args…>` and waits until its output matches `ready` (a line it prints once
 * it serves, or once it has stopped where the test wants to kill it).
 */
export async function startProcess(script: URL | string, args: string[], ready: RegExp): Promise<Started> {
  const path = typeof script === 'string' ? script : script.pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', path, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const said = await new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve(match);
    });
    child.once('exit', (code) => reject(new Error(`${path} exited with ${code} before it said ${ready}`)));
  });
  return { child, said };
}

/** Sends `signal` (SIGKILL: the process dies mid-work, as on kill -9) and waits until it has gone. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Starts a helper that stops dead at a point of its work (it prints "stopped"), then kills it. */
export async function runUntilStoppedAndKill(script: URL | string, args: string[]): Promise<string> {
  const { child, said } = await startProcess(script, args, /^(stopped.*|ran out.*|nothing.*|claimed.*)\n/m);
  await stopProcess(child);
  return said[1]!;
}

const apiServer = new URL('./api-server.ts', import.meta.url);

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  /** A call as one of the contact ids the server was started with: status and JSON body (null when none). */
  call(
    contactId: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }>;
}

/** The API in its own process on `where` (a PGlite folder or a PostgreSQL URL), with a token for each contact. */
export async function startApiServer(where: string, contactIds: string[] = []): Promise<ApiProcess> {
  const { child, said } = await startProcess(apiServer, [where, ...contactIds], /listening (\d+) (.*)\n/);
  const port = Number(said[1]);
  const tokens = JSON.parse(said[2]!) as Record<string, string>;
  return {
    child,
    port,
    async call(contactId, method, path, body) {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${tokens[contactId]}`,
          // Every browser change carries the XSRF cookie and header.
          'x-xsrf-token': 'crash',
          cookie: 'XSRF-TOKEN=crash',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
  };
}
