import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client.ts';
import { ingestTokens } from '../../../src/server/db/schema/index.ts';
import { resultRows } from '../../../src/server/db/tenancy.ts';
import { hashSecret, newSecret } from '../../../src/server/platform/secrets.ts';
import { backends, databaseForProcesses } from '../../helpers/database.ts';
import { insertFixtures } from '../../helpers/fixtures.ts';

const server = new URL('../../helpers/ingest-server.ts', import.meta.url).pathname;
const BATCH = 250;

async function startServer(where: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', server, where], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  return { child, port };
}

const stop = (child: ChildProcess, signal: NodeJS.Signals) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  return exited;
};

/** Sends numbered batches one after another on `lanes` connections until told to stop; returns the acknowledged numbers. */
function shipper(port: number, token: string, lanes: number) {
  const acknowledged: number[] = [];
  let next = 0;
  let running = true;
  const lane = async () => {
    while (running) {
      const first = next;
      next += BATCH;
      const events = Array.from({ length: BATCH }, (_, i) => ({
        seq: first + i,
        message: `crash event ${first + i}`,
      }));
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/ingest/v1/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(events),
        });
        await response.text();
        if (response.status === 200) acknowledged.push(...events.map((e) => e.seq));
        else if (response.status !== 429) throw new Error(`ingest answered ${response.status}`);
      } catch (error) {
        if (running) throw error;
      }
    }
  };
  const done = Promise.allSettled(Array.from({ length: lanes }, lane));
  return {
    acknowledged,
    /** Stops sending; requests cut by the crash fail and count as not acknowledged. */
    stop: () => {
      running = false;
      return done;
    },
  };
}

describe.each(backends())('HTTP ingest killed mid-stream, on %s', (backend) => {
  it('keeps every acknowledged event', { timeout: 180_000 }, async () => {
    const place = await databaseForProcesses(backend, 'ingest-crash');
    let database: Database | undefined;
    let child: ChildProcess | undefined;
    try {
      database = await place.open();
      const fixtures = await insertFixtures(database.db);
      const secret = newSecret();
      const tokenId = randomUUID();
      await database.db.insert(ingestTokens).values({
        tokenId,
        customerId: fixtures.acme.customerId,
        name: 'Crash shipper',
        source: 'windows',
        secretHash: hashSecret(secret),
      });
      const token = `${tokenId}.${secret}`;
      // PGlite is one process's at a time: let the server have the directory.
      if (backend === 'pglite') await database.close();

      const first = await startServer(place.where);
      child = first.child;
      const stream = shipper(first.port, token, 3);
      for (let i = 0; i < 600 && stream.acknowledged.length < 10 * BATCH; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(stream.acknowledged.length).toBeGreaterThanOrEqual(10 * BATCH);
      // Mid-stream: batches are in flight on every lane when the process dies.
      await stop(child, 'SIGKILL');
      await stream.stop();
      const acknowledged = [...stream.acknowledged];

      // The same data, a new process: it starts, serves, and has every acknowledged event.
      const second = await startServer(place.where);
      child = second.child;
      const after = shipper(second.port, token, 1);
      for (let i = 0; i < 600 && after.acknowledged.length < BATCH; i++)
        await new Promise((r) => setTimeout(r, 50));
      await after.stop();
      expect(after.acknowledged.length).toBeGreaterThanOrEqual(BATCH);
      await stop(child, 'SIGTERM');
      child = undefined;

      if (backend === 'pglite') database = await place.open();
      const stored = new Set(
        resultRows<{ seq: number }>(
          await database!.db.execute(sql`select (raw->>'seq')::int as seq from log_events`),
        ).map((row) => row.seq),
      );
      const lost = acknowledged.filter((seq) => !stored.has(seq));
      expect(lost).toEqual([]);
      expect(after.acknowledged.filter((seq) => !stored.has(seq))).toEqual([]);
    } finally {
      if (child) await stop(child, 'SIGKILL');
      await database?.close().catch(() => undefined);
      await place.drop();
    }
  });
});
