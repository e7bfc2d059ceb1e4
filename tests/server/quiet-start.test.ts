import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { backends } from '../helpers/database.ts';
import { adminQuery } from '../helpers/global-setup.ts';

/** A start on a busy machine takes seconds; past this it is stuck. */
const START_MS = 180_000;
const server = new URL('../helpers/serve-app.ts', import.meta.url).pathname;

/** Starts the server, waits until it serves, stops it; what it printed. */
async function startAndStop(where: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', server, where], {
    env: { ...process.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('listening\n')) resolve();
    });
    void exited.then((code) => reject(new Error(`the server exited with ${code}:\n${stdout}\n${stderr}`)));
    setTimeout(() => reject(new Error(`the server did not start:\n${stdout}\n${stderr}`)), START_MS);
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  return { stdout, stderr };
}

/** The JSON log lines at warn (40) or above, by message. */
function warnings(stdout: string) {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level >= 40)
    .map((entry) => entry.msg);
}

/**
 * A new user's first look at the console is its start: no warning about the runtime, the
 * contract's schemas or its content types, on the log or beside it.
 */
describe.each(backends())('a start of the server, on %s', (backend) => {
  it('logs no warning and prints nothing on stderr', { timeout: START_MS + 30_000 }, async () => {
    let where = inject('pgliteSnapshot');
    let drop = async () => undefined;
    if (backend === 'postgres') {
      const name = `watchfloor_quiet_${randomBytes(6).toString('hex')}`;
      const template = inject('postgresTemplate');
      await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      where = url.href;
      drop = async () => void (await adminQuery(`drop database if exists ${name} with (force)`));
    }
    try {
      const { stdout, stderr } = await startAndStop(where);
      expect({ warnings: warnings(stdout), stderr }).toEqual({ warnings: [], stderr: '' });
    } finally {
      await drop();
    }
  });
});
