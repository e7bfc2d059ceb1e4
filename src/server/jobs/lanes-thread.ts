import { parentPort } from 'node:worker_threads';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { primaryOnly, replicaRouter } from '../db/replica.ts';
import { startLanes, stopLanes } from './lanes.ts';
import type { LaneThreadMessage, LaneThreadReply } from './lanes-on-thread.ts';
import type { JobLogger } from './types.ts';

/**
 * The job lanes' thread (lanes-on-thread.ts): the worker role inside the console's process, with
 * connections of its own. Its log lines go to the main thread's log, at the levels it keeps.
 */
const port = parentPort!;
const reply = (message: LaneThreadReply) => port.postMessage(message);
const config = loadConfig();
const RANKS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const threshold = RANKS[config.logLevel] ?? Number.POSITIVE_INFINITY;
const line =
  (level: 'info' | 'warn' | 'error') =>
  (message: string): void => {
    if (RANKS[level]! >= threshold) reply({ type: 'log', level, message });
  };
const log: JobLogger = { info: line('info'), warn: line('warn'), error: line('error') };

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const reads = config.replica ? await replicaRouter(database.db, config.replica) : primaryOnly(database.db);
const lanes = startLanes(database, config, reads, log);
port.on('message', (message: LaneThreadMessage) => {
  if (message.type !== 'stop') return;
  void (async () => {
    await stopLanes(lanes);
    await reads.close();
    await database.close();
    reply({ type: 'stopped' });
  })();
});
reply({ type: 'started' });
