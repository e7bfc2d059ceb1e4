import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client.ts';
import { ingestTokens } from '../../../src/server/db/schema/index.ts';
import { resultRows } from '../../../src/server/db/tenancy.ts';
import { hashSecret, newSecret } from '../../../src/server/platform/secrets.ts';
import { startApiServer, stopProcess } from '../../helpers/child-process.ts';
import { backends, databaseForProcesses } from '../../helpers/database.ts';
import { insertFixtures } from '../../helpers/fixtures.ts';

const BATCH = 250;

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

      const first = await startApiServer(place.where);
      child = first.child;
      const stream = shipper(first.port, token, 3);
      for (let i = 0; i < 600 && stream.acknowledged.length < 10 * BATCH; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(stream.acknowledged.length).toBeGreaterThanOrEqual(10 * BATCH);
      // Mid-stream: batches are in flight on every lane when the process dies.
      await stopProcess(child);
      await stream.stop();
      const acknowledged = [...stream.acknowledged];

      // The same data, a new process: it starts, serves, and has every acknowledged event.
      const second = await startApiServer(place.where);
      child = second.child;
      const after = shipper(second.port, token, 1);
      for (let i = 0; i < 600 && after.acknowledged.length < BATCH; i++)
        await new Promise((r) => setTimeout(r, 50));
      await after.stop();
      expect(after.acknowledged.length).toBeGreaterThanOrEqual(BATCH);
      await stopProcess(child, 'SIGTERM');
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
      if (child) await stopProcess(child);
      await database?.close().catch(() => undefined);
      await place.drop();
    }
  });
});
