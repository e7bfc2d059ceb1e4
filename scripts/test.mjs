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

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  console.log(
    `  ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
