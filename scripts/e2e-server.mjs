// Starts the built console on a fresh temporary data folder for the end-to-end tests.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a console waits for another to seed the demo it copies (a busy machine: minutes). */
const TEMPLATE_WAIT_MS = 300_000;

const dataDir = mkdtempSync(join(tmpdir(), 'watchfloor-e2e-'));
const template = process.env.E2E_DEMO_TEMPLATE;
// The console that made the demo's folder removes it when it stops.
const madeTemplate = template ? await startFromTemplate(template) : false;

// tsx through node itself, not npx: a signal then reaches the server, not only npm, which left the
// server running after the tests.
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, WATCHFLOOR_DATA: dataDir, DATABASE_URL: '' },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  if (madeTemplate) rmSync(template, { recursive: true, force: true });
  process.exit(code ?? 0);
});

/**
 * Every worker's console starts on the same seeded demo: the first to arrive seeds it once into
 * `folder` (two seeds at once took both cores for most of a minute), the others wait for it, and
 * each copies it to its own data folder. Answers whether this one made the folder.
 */
async function startFromTemplate(folder) {
  const demo = join(folder, 'data');
  let made = false;
  try {
    mkdirSync(folder);
    made = true;
  } catch {
    // Another console is seeding it.
  }
  if (made) {
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/e2e-demo-template.ts'], {
      stdio: 'inherit',
      env: { ...process.env, WATCHFLOOR_DATA: demo, DATABASE_URL: '' },
    });
    writeFileSync(join(folder, seeded.status === 0 ? 'ready' : 'failed'), '');
    if (seeded.status !== 0) process.exit(seeded.status ?? 1);
  } else {
    const waitUntil = Date.now() + TEMPLATE_WAIT_MS;
    while (!existsSync(join(folder, 'ready'))) {
      if (existsSync(join(folder, 'failed')) || Date.now() > waitUntil) {
        console.error(`The journeys' demo in ${folder} was not seeded.`);
        process.exit(1);
      }
      await sleep(200);
    }
  }
  cpSync(demo, dataDir, { recursive: true });
  return made;
}
