// `npm test`: every check, stage by stage, stopping after the first stage with a failure.
import { spawn } from 'node:child_process';

/**
 * The checks of one stage run at once: typecheck (one core), lint and the web build do not need
 * each other, and together they keep both cores busy where one after another left one idle.
 * A stage of several prints each check's output when it ends, so outputs never interleave.
 */
const stages = [
  [['contract types are current', 'npx', ['tsx', 'scripts/api-generate.ts', '--check']]],
  [
    ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']],
    ['lint', 'npx', ['biome', 'check', '--max-diagnostics=50', '.']],
    ['build the web app', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ],
  // The first page's JavaScript against its budget, read from the build just made (sizes, not time).
  [['initial JavaScript within budget', 'node', ['bench/initial-js.mjs']]],
  [['unit, machine and API tests', 'npx', ['vitest', 'run']]],
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

const timings = [];
for (const stage of stages) {
  const results = await Promise.all(stage.map((step) => run(step, stage.length > 1)));
  timings.push(...results);
  const failed = results.find((result) => !result[2]);
  if (failed) {
    summary();
    process.exit(failed[3] ?? 1);
  }
}
summary();

/** Runs one check; `buffered`, its output is held and printed in one piece when it ends. */
function run([name, command, args], buffered) {
  console.log(`\n▶ ${name}${buffered ? ' (alongside the rest of its stage)' : ''}`);
  const started = Date.now();
  const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (buffered) {
        console.log(`\n◀ ${name}:`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`  ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds} s`);
      resolve([name, Date.now() - started, status === 0, status]);
    });
  });
}

function summary() {
  console.log('\nSteps:');
  for (const [name, ms, ok] of timings) {
    console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
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
