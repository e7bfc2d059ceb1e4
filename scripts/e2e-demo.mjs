// The seeded demo every journeys' console starts from: seeded once a run into one folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long a console waits for another to seed the demo it copies (a busy machine: minutes). */
const TEMPLATE_WAIT_MS = 300_000;

/** The demo's data folder inside the template folder. */
export const demoData = (folder) => join(folder, 'data');

/**
 * Makes sure the demo in `folder` is seeded: the first to arrive seeds it (two seeds at once took
 * both cores for most of a minute), the others wait for it. `npm test` seeds it beside the unit
 * and API tests (scripts/test.mjs), so the journeys' consoles only copy it. Answers whether this
 * one made the folder; a seed that failed ends the process.
 */
export async function seedDemoOnce(folder) {
  let made = false;
  try {
    mkdirSync(folder);
    made = true;
  } catch {
    // Another process is seeding it, or has.
  }
  if (made) {
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/e2e-demo-template.ts'], {
      stdio: 'inherit',
      env: { ...process.env, WATCHFLOOR_DATA: demoData(folder), DATABASE_URL: '' },
    });
    writeFileSync(join(folder, seeded.status === 0 ? 'ready' : 'failed'), '');
    if (seeded.status !== 0) process.exit(seeded.status ?? 1);
    return true;
  }
  const waitUntil = Date.now() + TEMPLATE_WAIT_MS;
  while (!existsSync(join(folder, 'ready'))) {
    if (existsSync(join(folder, 'failed')) || Date.now() > waitUntil) {
      console.error(`The journeys' demo in ${folder} was not seeded.`);
      process.exit(1);
    }
    await sleep(200);
  }
  return false;
}

// Run as a script: seeds the demo into E2E_DEMO_TEMPLATE.
if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.env.E2E_DEMO_TEMPLATE;
  if (!folder) {
    console.error('E2E_DEMO_TEMPLATE names no folder to seed the demo into.');
    process.exit(1);
  }
  await seedDemoOnce(folder);
}
