import { spawn } from 'node:child_process';

/**
 * Runs the agent simulator (`npm run agents`) against the e2e server as its own process, the way
 * a demo fleet runs beside `npm start`, and resolves each line it prints.
 */
export function startSimulator(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tools/agent-simulator/cli.ts', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve(match: RegExpMatchArray): void }[] = [];
  const settle = () => {
    for (const waiter of [...waiters]) {
      const match = lines.map((line) => line.match(waiter.pattern)).find(Boolean);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  let buffer = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    const parts = buffer.split('\n');
    buffer = parts.pop() ?? '';
    lines.push(...parts);
    settle();
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return {
    /** The first line (printed so far or later) that matches; fails if the simulator stops first. */
    waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
      const found = new Promise<RegExpMatchArray>((resolve) => {
        waiters.push({ pattern, resolve });
        settle();
      });
      return Promise.race([
        found,
        exited.then((code) => {
          throw new Error(`the simulator stopped (${code}): ${errors}\n${lines.join('\n')}`);
        }),
      ]);
    },
    /** Stops the fleet as Ctrl-C does and waits for it to say so. */
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
