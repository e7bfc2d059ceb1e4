/**
 * `npm run bench`: every benchmark, one after another (each prints its figures and the ratio to
 * a baseline measured in the same run). `npm run bench -- api-alerts` runs one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const ALL = [
  'api-alerts',
  'dashboard',
  'web-alerts-filter',
  'agents-list',
  'omnibox',
  'request-cost',
  'agent-check-in',
  'domain-scan',
  'log-ingest',
  'log-query',
  'syslog-ingest',
  'reports',
  'assistant',
  'workflows',
  'terminal',
];
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : ALL;

for (const name of chosen) {
  const file = `bench/${name}.ts`;
  if (!existsSync(file)) {
    console.error(`no benchmark ${file}`);
    process.exit(2);
  }
  console.log(`\n=== ${name}`);
  const result = spawnSync('npx', ['tsx', file], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
