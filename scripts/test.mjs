// `npm test`: every check, stage by stage, stopping after the first stage with a failure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The checks of one stage run at once, and a stage's first failure stops the rest of it. The
 * typecheck (one core for about 20 s) runs beside the unit and API tests, whose start
 * (migrating the snapshot databases) and waits on the database leave a core idle, rather than
 * beside lint and the build, which end in seconds and left a core idle for the rest of it.
 * A stage's first check prints as it goes; the others print their output in one piece when they
 * end, so outputs never interleave.
 */
const stages = [
  [['contract types are current', 'npx', ['tsx', 'scripts/api-generate.ts', '--check']]],
  [
    ['lint', 'npx', ['biome', 'check', '--max-diagnostics=50', '.']],
    ['build the web app', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ],
  // The first page's JavaScript against its budget, read from the build just made (sizes, not time).
  [['initial JavaScript within budget', 'node', ['bench/initial-js.mjs']]],
  [
    ['unit, machine and API tests', 'npx', ['vitest', 'run']],
    // TypeScript 7, the native compiler (package `typescript-native`; `typescript` stays 5 for the
    // tools that use its JavaScript API): about 20 CPU-seconds on one thread, where 5 took over 100.
    ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    // The journeys' demo (scripts/e2e-demo.mjs), seeded here rather than while their consoles start.
    ["seed the journeys' demo", 'node', ['scripts/e2e-demo.mjs']],
  ],
  [['end-to-end tests in Chromium', 'npx', ['playwright', 'test']]],
];

// The API tests run on embedded PGlite always and on PostgreSQL only when a server is given: say so
// up front and again at the end, so a green run without PostgreSQL is never mistaken for a full one.
const postgresSkipped = !process.env.TEST_DATABASE_URL;
const postgresNotice =
  '⚠ PostgreSQL half of the API tests SKIPPED: TEST_DATABASE_URL is not set (they ran on PGlite only).\n' +
  '  Set TEST_DATABASE_URL=postgres://user@host:5432/db (a user who may create databases) to run it.';
if (postgresSkipped) console.log(`\n${postgresNotice}`);
else console.log(`\nAPI tests run on PGlite and on PostgreSQL at ${redact(process.env.TEST_DATABASE_URL)}.`);

// The journeys' demo folder (playwright.config.ts reads the same variable): one named here is
// removed at the end, one given is kept.
if (!process.env.E2E_DEMO_TEMPLATE) {
  const demoTemplate = join(tmpdir(), `watchfloor-e2e-demo-${randomBytes(6).toString('hex')}`);
  process.env.E2E_DEMO_TEMPLATE = demoTemplate;
  process.on('exit', () => rmSync(demoTemplate, { recursive: true, force: true }));
}

// The checks run in process groups of their own (run): Ctrl-C or a stop asked of this script
// reaches them through it.
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });

const timings = [];
for (const stage of stages) {
  const results = await Promise.all(stage.map((step, index) => run(step, index > 0)));
  timings.push(...results);
  // The check that failed, not one it stopped.
  const failed = results.find((result) => !result[2] && !result[4]) ?? results.find((result) => !result[2]);
  if (failed) {
    summary();
    process.exit(failed[3] ?? 1);
  }
}
summary();

/**
 * Runs one check; `buffered`, its output is held and printed in one piece when it ends. A check
 * that fails stops the others of its stage (all that run then): they are not waited for to the end.
 */
function run([name, command, args], buffered) {
  console.log(`\n▶ ${name}${buffered ? ' (alongside the rest of its stage)' : ''}`);
  const started = Date.now();
  // Its own process group, so stopping it stops what it started (the test workers).
  const child = spawn(command, args, {
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    detached: true,
  });
  const handle = {
    kill: (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Ended meanwhile.
      }
    },
  };
  running.add(handle);
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (buffered) {
        console.log(`\n◀ ${name}:`);
        process.stdout.write(Buffer.concat(output));
      }
      running.delete(handle);
      const ok = status === 0;
      const how = ok ? 'ok' : signal ? 'STOPPED (another check of its stage failed)' : 'FAILED';
      console.log(`  ${name}: ${how} in ${seconds} s`);
      if (!ok) for (const other of running) other.kill('SIGTERM');
      resolve([name, Date.now() - started, ok, status ?? 1, !ok && signal !== null]);
    });
  });
}

function summary() {
  console.log('\nSteps:');
  for (const [name, ms, ok, , stopped] of timings) {
    console.log(
      `  ${ok ? 'ok     ' : stopped ? 'STOPPED' : 'FAILED '} ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`,
    );
  }
  if (postgresSkipped) console.log(`\n${postgresNotice}`);
  console.log('\nThe slow durability tests are not part of this: `npm run test:slow` (CI runs it next).');
}

/** The server address without its password, for the log. */
function redact(address) {
  try {
    const url = new URL(address);
    if (url.password) url.password = '***';
    return url.href;
  } catch {
    return '(unparsable TEST_DATABASE_URL)';
  }
}
