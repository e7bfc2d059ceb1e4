// `WATCHFLOOR_TEST_NODE=22 npm run test:node [-- <test files>]`: the Vitest layers (unit, machine,
// web and API tests; all of them, or the files named) once more on another Node.js major. That
// Node.js comes from the npm registry as the `node` package, installed into a temporary folder and
// removed afterwards: the project's node_modules is shared and stays as it is.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const major = process.env.WATCHFLOOR_TEST_NODE ?? '';
if (!/^\d+$/.test(major)) {
  console.error(`WATCHFLOOR_TEST_NODE must be a Node.js major version such as 22, got "${major}"`);
  process.exit(2);
}

const prefix = mkdtempSync(join(tmpdir(), `watchfloor-node${major}-`));
let status = 1;
try {
  console.log(`Installing Node.js ${major} from the npm registry into ${prefix}`);
  const install = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `node@${major}`,
    ],
    { stdio: 'inherit' },
  );
  if (install.status !== 0) throw new Error(`npm install node@${major} failed (exit ${install.status})`);

  const bin = join(prefix, 'node_modules', '.bin');
  const node = join(bin, 'node');
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (!version.startsWith(`v${major}.`))
    throw new Error(`expected Node.js ${major}, the install gave "${version}"`);

  console.log(`\n▶ unit, machine, web and API tests on Node.js ${version}`);
  // Vitest's workers and every process a test starts take this Node.js: it is first on the PATH
  // and it is the runner's own executable.
  const run = spawnSync(node, ['node_modules/vitest/vitest.mjs', 'run', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
  });
  status = run.status ?? 1;
  console.log(`  tests on Node.js ${version}: ${status === 0 ? 'ok' : 'FAILED'}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  rmSync(prefix, { recursive: true, force: true });
}
process.exit(status);
