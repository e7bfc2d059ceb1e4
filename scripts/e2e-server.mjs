// Starts the built console on a fresh temporary data folder for the end-to-end tests.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoData, seedDemoOnce } from './e2e-demo.mjs';

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
 * Every worker's console starts on the same seeded demo (scripts/e2e-demo.mjs), copied to its own
 * data folder. Answers whether this one made the demo's folder.
 */
async function startFromTemplate(folder) {
  const made = await seedDemoOnce(folder);
  cpSync(demoData(folder), dataDir, { recursive: true });
  return made;
}
