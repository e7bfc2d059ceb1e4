// `npm test`: every check, in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['contract types are current', 'npx', ['tsx', 'scripts/api-generate.ts', '--check']],
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['biome', 'check', '--max-diagnostics=50', '.']],
  ['unit, machine and API tests', 'npx', ['vitest', 'run']],
  ['build the web app', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['end-to-end tests in Chromium', 'npx', ['playwright', 'test']],
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
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  console.log(
    `  ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  timings.push([name, Date.now() - started, result.status === 0]);
  if (result.status !== 0) {
    summary();
    process.exit(result.status ?? 1);
  }
}
summary();

function summary() {
  console.log('\nSteps:');
  for (const [name, ms, ok] of timings) {
    console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
  }
  if (postgresSkipped) console.log(`\n${postgresNotice}`);
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
