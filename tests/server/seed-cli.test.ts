import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('seed CLI', () => {
  it('rejects a negative count with exit code 2 and says why', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'watchfloor-seed-cli-'));
    try {
      const run = spawnSync('npx', ['tsx', 'src/server/seed/cli.ts', '--alerts', '-5'], {
        env: { ...process.env, WATCHFLOOR_DATA: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('--alerts must be a positive integer');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
