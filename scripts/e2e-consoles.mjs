// Starts every journeys' worker's console at once (scripts/e2e-server.mjs) and says when all answer.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * E2E_CONSOLES lists each console's own settings (PORT, SYSLOG_PORT, PUBLIC_URL), written by
 * playwright.config.ts. Playwright starts its web servers one after another, so one entry per
 * console waited for each to seed or copy the demo and start before the next began; started here
 * at once, they take the time of one.
 */
const consoles = JSON.parse(process.env.E2E_CONSOLES ?? '[]');
if (consoles.length === 0) {
  console.error('E2E_CONSOLES lists no console to start.');
  process.exit(1);
}

let stopping = false;
const children = consoles.map((settings) => {
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, ...settings },
  });
  child.on('exit', (code) => {
    // A console that ends before it is asked to takes the others with it.
    if (!stopping) {
      console.error(`The console on port ${settings.PORT} ended (${code}).`);
      stop(1);
    }
  });
  return child;
});

const exited = children.map((child) => new Promise((resolve) => child.on('exit', resolve)));
/** Stops every console; ends with `code` once each has removed its data folder. */
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  void Promise.all(exited).then(() => process.exit(code));
}
process.on('SIGTERM', () => stop());
process.on('SIGINT', () => stop());

await Promise.all(consoles.map(({ PUBLIC_URL }) => answers(`${PUBLIC_URL}/api/health`)));
if (!stopping) console.log(`All ${consoles.length} consoles answer.`);

/** Waits until the address answers 200, or the consoles are being stopped. */
async function answers(url) {
  while (!stopping) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
}
